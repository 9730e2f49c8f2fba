import { describe, expect, it } from '@jest/globals';
import {
  addPageNumbersTool,
  checkPipeline,
  compressTool,
  describePipelineIssue,
  parsePipelineDefinition,
  PIPELINE_EXAMPLES,
  pipelineStepBlocker,
  pipelineTool,
  toolForOperation,
  tools,
  type PipelineDefinition,
} from '@folio/registry';
import { translate } from '../../i18n/use-messages';
import english from '../../locales/en/app/pipelineEditor.json';
import { describeIssue, exampleName, issueMessage, stepBlockerText, type EditorTranslate } from './editor-texts';

const t: EditorTranslate = (key, values) => translate('pipelineEditor', english, key, values);
const step = (tool: { endpoint: string }, parameters: Record<string, unknown> = {}) => ({ operation: tool.endpoint, parameters });

/** The editor's wording of every issue of a definition, as the summary lists them. */
function described(definition: PipelineDefinition, fileNames?: readonly string[]): string[] {
  return checkPipeline(definition, tools, fileNames).map((issue) => {
    const tool =
      issue.step === undefined
        ? undefined
        : toolForOperation(tools, definition.pipeline[issue.step - 1]!.operation, definition.pipeline[issue.step - 1]!.parameters);
    return describeIssue(issue, issueMessage(issue, tool, t), t);
  });
}

describe('the editor’s texts in English', () => {
  it('word why a tool cannot be a step exactly as the registry does', () => {
    const blocked = tools.filter((tool) => pipelineStepBlocker(tool) !== undefined);
    expect(blocked.length).toBeGreaterThan(0);
    for (const tool of tools) expect(stepBlockerText(tool, t)).toBe(pipelineStepBlocker(tool));
  });

  it('word checkPipeline’s issues exactly as describePipelineIssue does', () => {
    const definition: PipelineDefinition = {
      name: 'x',
      pipeline: [
        { operation: '/api/v1/nowhere', parameters: {} },
        step(pipelineTool, { json: '{}' }),
        step(compressTool, { optimizeLevel: 12 }),
        step(addPageNumbersTool, { zeroPad: 25, fontSize: 0 }),
      ],
    };
    for (const fileNames of [undefined, ['a.docx', 'README'], ['a.pdf']]) {
      const expected = checkPipeline(definition, tools, fileNames).map(describePipelineIssue);
      expect(expected.length).toBeGreaterThan(3);
      expect(described(definition, fileNames)).toEqual(expected);
    }
    expect(described({ name: 'x', pipeline: [step(compressTool)] }, ['notes.txt', 'README'])).toEqual([
      'Step 1 (/api/v1/misc/compress-pdf): Compress PDF takes PDF files, and none reaches this step (it gets .txt, files without an extension).',
    ]);
  });

  it('word a definition’s own problems as the registry does', () => {
    for (const text of ['[', '{}', '{"pipeline":[1]}', '{"pipeline":[{"operation":"x","parameters":3}]}']) {
      const parsed = parsePipelineDefinition(text);
      if (!('issue' in parsed)) throw new Error(`${text} should not parse`);
      expect(describeIssue(parsed.issue, issueMessage(parsed.issue, undefined, t), t)).toBe(describePipelineIssue(parsed.issue));
    }
  });

  it('name every example as it is declared', () => {
    expect(PIPELINE_EXAMPLES.map((example) => exampleName(example, t))).toEqual(PIPELINE_EXAMPLES.map((example) => example.name));
    expect(exampleName({ name: 'Not an example', pipeline: [] }, t)).toBe('Not an example');
  });
});
