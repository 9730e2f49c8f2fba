import { Inject } from '@nestjs/common';
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
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import type { EngineOptions } from '../../engines/process';
import { writeZip } from '../../engines/zip';
import { unpackZip } from '../../engines/zip-reading';
import { ApiError } from '../../http/api-error';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-routing/processor';
import { ToolCatalog } from '../../tool-routing/tool-catalog';
import { ToolRunner, type ToolRequest } from '../../tool-routing/tool-runner';
import type { Workspace } from '../../workspace/workspace';
import { asSentFile, carriedName, filesOfTypes, nameForTypeCheck, type PipelineFile } from './pipeline-files';
import { invalidPipeline, stepFailure } from './step-errors';

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
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async run({ files, params, workspace, engine }: ProcessorInput<typeof pipelineTool>): Promise<ProcessorOutput> {
    // Required by the schema: never undefined here.
    const definition = this.readDefinition(params.json ?? '');
    let current: PipelineFile[] = files.map((file) => ({ path: file.path, name: file.originalName }));

    const names = await Promise.all(current.map(nameForTypeCheck));
    const issues = checkPipeline(definition, this.catalog.tools, names);
    if (issues.length > 0) throw invalidPipeline(issues);

    for (const [index, step] of definition.pipeline.entries()) {
      const at = { step: index + 1, operation: step.operation };
      try {
        current = await this.runStep(step, current, workspace, engine);
      } catch (error) {
        throw stepFailure(error, at, this.config);
      }
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
  private async runStep(step: PipelineStep, current: readonly PipelineFile[], workspace: Workspace, engine: EngineOptions): Promise<PipelineFile[]> {
    const tool = this.catalog.toolFor(step.operation, step.parameters)!;
    const processor = this.catalog.processorOf(tool);
    const taken = await filesOfTypes(current, tool.input.accept);
    if (taken.length === 0) throw ApiError.wrongFileType(tool.input.messages.wrongType);

    const next: PipelineFile[] = [];
    for (const group of await this.requests(tool, step, taken, current)) {
      const answer = await this.runner.execute(tool, processor, group.request, workspace, engine);
      if ('noContent' in answer) continue;
      if (extensionOf(answer.fileName) === '.zip') {
        next.push(...(await unpackZip(answer.path, (name) => workspace.newPath(extensionOf(name)))));
      } else {
        next.push({ path: answer.path, name: carriedName(tool, group.name, answer.fileName) });
      }
    }
    return next;
  }

  /** The requests a step makes, each with the name its result carries on. */
  private async requests(tool: AnyTool, step: PipelineStep, taken: PipelineFile[], current: readonly PipelineFile[]): Promise<{ request: ToolRequest; name: string }[]> {
    const body = stepBody(step.parameters);
    const othersInto = tool.pipelineInput?.othersInto;
    if (othersInto) {
      // The first file the tool takes is its document; the other files go to the named field.
      const [main] = taken;
      const [, field] = fileFieldsOf(tool).find(([name]) => name === othersInto)!;
      const others = await filesOfTypes(current.filter((file) => file !== main), field.accept);
      return [{ request: { uploads: [await asSentFile(main)], body: { ...body, [othersInto]: await Promise.all(others.map(asSentFile)) } }, name: main.name }];
    }
    if (tool.input.combine) {
      return [{ request: { uploads: await Promise.all(taken.map(asSentFile)), body }, name: taken[0].name }];
    }
    return Promise.all(taken.map(async (file) => ({ request: { uploads: [await asSentFile(file)], body }, name: file.name })));
  }

  /** One file as itself (reference §7.3: octet-stream whatever it is); several, or none, as output.zip. */
  private async answer(files: readonly PipelineFile[], workspace: Workspace): Promise<ProcessorOutput> {
    if (files.length === 1) return { path: files[0].path, fileName: files[0].name, contentType: 'application/octet-stream' };
    const zipPath = workspace.newPath('.zip');
    await writeZip(zipPath, files.map((file) => ({ path: file.path, name: file.name })));
    return { path: zipPath, fileName: 'output.zip', contentType: 'application/octet-stream' };
  }
}
