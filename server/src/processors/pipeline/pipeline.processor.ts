import {
  checkPipeline,
  extensionOf,
  fileFieldsOf,
  parsePipelineDefinition,
  pipelineTool,
  stepBody,
  type AnyTool,
  type PipelineDefinition,
  type PipelineStep,
} from '@folio/registry';
import type { EngineOptions } from '../../engines/process';
import { writeZip } from '../../engines/zip';
import { unpackZip } from '../../engines/zip-reading';
import { WrongFileTypeError } from '../../refusals/input-errors';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { ItemState, ProgressReporter } from '../../tool-execution/progress-reporter';
import { ToolCatalog } from '../../tool-execution/tool-catalog';
import type { ToolRequest } from '../../tool-execution/tool-request';
import { ToolRunner } from '../../tool-execution/tool-runner';
import type { Workspace } from '../../workspace/workspace';
import { asSentFile, carriedName, filesOfTypes, nameForTypeCheck, type PipelineFile } from './pipeline-files';
import { invalidPipeline, stepFailure } from './step-errors';

interface StepRequest {
  request: ToolRequest;
  /** The name the result carries on. */
  name: string;
  /** The files it works on, as the progress shows them. e.g. 'a.pdf + b.pdf' */
  label: string;
}

/** Stage `stage` begins with these requests; the function then reports each one's state. */
function stageReporter(progress: ProgressReporter, stage: number, labels: readonly string[]): (request: number, state: ItemState) => void {
  progress.begin(stage, labels);
  return (request, state) => progress.update(stage, request, state);
}

/**
 * Pipeline (reference §7): the whole definition is checked first (operations,
 * each step's options against its tool's schema, file types along the way);
 * then each step runs in this process through the runner, as a direct request
 * to its tool would, on the files the previous step handed on. Everything
 * stays on disk in this job's workspace, under its one time limit.
 */
@ToolProcessor(pipelineTool)
export class PipelineProcessor implements Processor<typeof pipelineTool> {
  constructor(
    private readonly runner: ToolRunner,
    private readonly catalog: ToolCatalog,
  ) {}

  async run({ files, params, workspace, engine, progress }: ProcessorInput<typeof pipelineTool>): Promise<ProcessorOutput<typeof pipelineTool>> {
    // Required by the schema: never undefined here.
    const definition = this.readDefinition(params.json ?? '');
    let current: PipelineFile[] = files.map((file) => ({ path: file.path, name: file.originalName }));

    const names = await Promise.all(current.map(nameForTypeCheck));
    const issues = checkPipeline(definition, this.catalog.tools, names);
    if (issues.length > 0) throw invalidPipeline(issues);

    // Each operation names a tool: checkPipeline has refused any that does not.
    const stepTools = definition.pipeline.map((step) => this.catalog.toolFor(step.operation, step.parameters)!);
    progress.plan(stepTools.map((tool) => tool.title));
    for (const [index, step] of definition.pipeline.entries()) {
      const at = { step: index + 1, operation: step.operation };
      try {
        current = await this.runStep(stepTools[index], step, current, workspace, engine, (names) => stageReporter(progress, index, names));
      } catch (error) {
        throw stepFailure(error, at);
      }
      // A filter let nothing through: the steps after it have nothing to work on, and the run answers that it has nothing.
      if (current.length === 0) break;
    }
    return this.answer(current, workspace);
  }

  /** The definition; the schema has already refused one that does not parse or check out without the files. */
  private readDefinition(json: string): PipelineDefinition {
    const parsed = parsePipelineDefinition(json);
    if ('issue' in parsed) throw invalidPipeline([parsed.issue]);
    return parsed.definition;
  }

  /** One step over the current files: per file, or once with all of them for a tool that combines files. */
  private async runStep(
    tool: AnyTool,
    step: PipelineStep,
    current: readonly PipelineFile[],
    workspace: Workspace,
    engine: EngineOptions,
    beginStage: (requestNames: string[]) => (request: number, state: ItemState) => void,
  ): Promise<PipelineFile[]> {
    const processor = this.catalog.processorOf(tool);
    const taken = await filesOfTypes(current, tool.input.accept);
    if (taken.length === 0) throw new WrongFileTypeError(tool.input.messages.wrongType);

    const next: PipelineFile[] = [];
    const requests = await this.requests(tool, step, taken, current);
    const report = beginStage(requests.map((r) => r.label));
    for (const [index, group] of requests.entries()) {
      report(index, 'running');
      const answer = await this.runner.run(tool, processor, group.request, workspace, engine).catch((error: unknown) => {
        report(index, 'failed');
        throw error;
      });
      report(index, 'done');
      if ('noContent' in answer) continue;
      if (extensionOf(answer.fileName) === '.zip') {
        next.push(...(await unpackZip(answer.path, (name) => workspace.newPath(extensionOf(name)))));
      } else {
        next.push({ path: answer.path, name: carriedName(tool, group.name, answer.fileName) });
      }
    }
    return next;
  }

  /** The requests a step makes, each with the name its result carries on and the files it works on, for progress. */
  private async requests(tool: AnyTool, step: PipelineStep, taken: PipelineFile[], current: readonly PipelineFile[]): Promise<StepRequest[]> {
    const body = stepBody(step.parameters);
    const othersInto = tool.pipelineInput?.othersInto;
    if (othersInto) {
      // The first file the tool takes is its document; the other files go to the named field.
      const [main] = taken;
      const [, field] = fileFieldsOf(tool).find(([name]) => name === othersInto)!;
      const others = await filesOfTypes(
        current.filter((file) => file !== main),
        field.accept,
      );
      return [
        {
          request: { uploads: [await asSentFile(main)], body: { ...body, [othersInto]: await Promise.all(others.map(asSentFile)) } },
          name: main.name,
          label: [main, ...others].map((file) => file.name).join(' + '),
        },
      ];
    }
    if (tool.input.combine) {
      return [{ request: { uploads: await Promise.all(taken.map(asSentFile)), body }, name: taken[0].name, label: taken.map((file) => file.name).join(' + ') }];
    }
    return Promise.all(taken.map(async (file) => ({ request: { uploads: [await asSentFile(file)], body }, name: file.name, label: file.name })));
  }

  /** One file as itself, under the name it carries; several, or none, as the declared output.zip. */
  private async answer(files: readonly PipelineFile[], workspace: Workspace): Promise<ProcessorOutput<typeof pipelineTool>> {
    if (files.length === 1) return { path: files[0].path, fileName: files[0].name };
    const zipPath = workspace.newPath('.zip');
    await writeZip(
      zipPath,
      files.map((file) => ({ path: file.path, name: file.name })),
    );
    return { path: zipPath, outcome: 'several-results' };
  }
}
