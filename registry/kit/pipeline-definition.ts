import type { AnyTool } from './define-tool';
import { describeFileTypes, fileFieldsOf, type Scalar } from './fields';
import { extensionOf, matchesFileType } from './file-types';
import { renderFileName, resolveResult } from './results';
import { collectParams, issueMessages, schemaOf } from './schema';

/**
 * A pipeline definition (reference §7.1) and the checks both the editor and the
 * server run on it before anything is processed: each step names a registered
 * operation, its parameters pass that tool's own schema, and some file reaching
 * it is of a type it takes. The messages are the tools' own, prefixed with the step.
 */

export interface PipelineStep {
  /** A tool's endpoint. e.g. '/api/v1/misc/compress-pdf' */
  operation: string;
  /** The tool's options, as JSON values: booleans, numbers, strings, lists of them. */
  parameters: Record<string, unknown>;
}

export interface PipelineDefinition {
  name: string;
  pipeline: PipelineStep[];
  /** Kept for watched folders (reference §7.1); a run ignores them. */
  outputDir?: string;
  outputFileName?: string;
}

/** One reason a definition cannot run. `step` counts from 1. */
export interface PipelineIssue {
  step?: number;
  operation?: string;
  field?: string;
  message: string;
}

/** Most steps one pipeline may have. */
export const MAX_PIPELINE_STEPS = 50;

export const PIPELINE_MESSAGES = {
  notJson: 'The pipeline definition is not valid JSON.',
  notDefinition: 'The pipeline definition must be an object with a "pipeline" list of steps.',
  tooManySteps: `A pipeline may have at most ${MAX_PIPELINE_STEPS} steps.`,
  stepNotObject: 'Each step must be an object with an "operation" and its "parameters".',
  noOperation: 'The step names no operation.',
  parametersNotObject: '"parameters" must be an object of option names and values.',
  nameMissing: 'Please enter a pipeline name.',
} as const;

/** Reads a definition from its JSON text; the first problem found otherwise. */
export function parsePipelineDefinition(text: string): { definition: PipelineDefinition } | { issue: PipelineIssue } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { issue: { message: PIPELINE_MESSAGES.notJson } };
  }
  if (!isObject(raw) || !Array.isArray(raw.pipeline)) return { issue: { message: PIPELINE_MESSAGES.notDefinition } };
  if (raw.pipeline.length > MAX_PIPELINE_STEPS) return { issue: { message: PIPELINE_MESSAGES.tooManySteps } };
  const steps: PipelineStep[] = [];
  for (const [index, step] of raw.pipeline.entries()) {
    const at = { step: index + 1 };
    if (!isObject(step)) return { issue: { ...at, message: PIPELINE_MESSAGES.stepNotObject } };
    if (typeof step.operation !== 'string' || step.operation.trim() === '') return { issue: { ...at, message: PIPELINE_MESSAGES.noOperation } };
    // The reference fails the whole run on a missing object; no options is what it means.
    const parameters = step.parameters ?? {};
    if (!isObject(parameters)) return { issue: { ...at, operation: step.operation, message: PIPELINE_MESSAGES.parametersNotObject } };
    steps.push({ operation: step.operation.trim(), parameters });
  }
  return {
    definition: {
      name: typeof raw.name === 'string' ? raw.name : '',
      pipeline: steps,
      ...(typeof raw.outputDir === 'string' ? { outputDir: raw.outputDir } : {}),
      ...(typeof raw.outputFileName === 'string' ? { outputFileName: raw.outputFileName } : {}),
    },
  };
}

/**
 * Why a tool cannot be a step, or undefined when it can. A step gets only the
 * files flowing through the pipeline and JSON options, so a tool that needs a
 * second upload of its own (an image to place, overlay PDFs) cannot run as one.
 */
export function pipelineStepBlocker(tool: AnyTool): string | undefined {
  if (tool.id === 'pipeline') return 'A pipeline cannot run another pipeline.';
  const fed = tool.pipelineInput?.othersInto;
  const neededFiles = fileFieldsOf(tool).filter(([name, field]) => field.required !== undefined && !field.requiredWhen && name !== fed);
  const always = neededFiles.filter(([, field]) => !field.visibleWhen);
  if (always.length > 0) {
    return `It needs a file of its own (${always.map(([, field]) => field.label).join(', ')}), which a pipeline step cannot be given.`;
  }
  // Sign with Certificate: every certificate type shows a key file that must be sent.
  for (const [name, choice] of Object.entries(tool.fields)) {
    const options = (choice as { options?: readonly { value: Scalar }[] }).options;
    if (choice.kind !== 'select' || !options) continue;
    const covered = neededFiles.flatMap(([, field]) =>
      field.visibleWhen && Object.keys(field.visibleWhen).length === 1 ? (field.visibleWhen[name] ?? []) : [],
    );
    if (options.every((option) => covered.some((value) => String(value) === String(option.value)))) {
      return `Whatever ${choice.label.toLowerCase()} is chosen, it needs a file of its own, which a pipeline step cannot be given.`;
    }
  }
  return undefined;
}

/** The tool an operation runs with these parameters: a tool sharing the endpoint when one of its fields is set, else the owner. */
export function toolForOperation(tools: readonly AnyTool[], operation: string, parameters: Readonly<Record<string, unknown>>): AnyTool | undefined {
  const onRoute = tools.filter((tool) => tool.endpoint === operation);
  const sharing = onRoute.find((tool) => tool.sharesEndpoint?.whenAnyField.some((field) => parameters[field] !== undefined));
  return sharing ?? onRoute.find((tool) => !tool.sharesEndpoint) ?? onRoute[0];
}

/**
 * Parameters as a multipart body carries them (reference §7.1: scalars as text,
 * booleans `true`/`false`, lists as repeated parts), so a step's options are
 * read exactly as a direct request's are.
 */
export function stepBody(parameters: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const wire = (value: unknown): unknown => {
    if (value === null || value === undefined) return undefined;
    if (Array.isArray(value)) return value.map(wire).filter((item) => item !== undefined);
    if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, wire(inner)]));
    return String(value);
  };
  return Object.fromEntries(
    Object.entries(parameters)
      .map(([key, value]) => [key, wire(value)])
      .filter(([, value]) => value !== undefined),
  );
}

/**
 * The extension of what a step hands on, from its declared download name; undefined
 * for a ZIP, whose entries (pages, images, parts) are known only once it has run.
 */
export function stepOutputExtension(tool: AnyTool, params: Readonly<Record<string, unknown>>): string | undefined {
  const extension = extensionOf(renderFileName(resolveResult(tool, params).download.api, 'file.pdf', params));
  return extension === '.zip' ? undefined : extension;
}

/**
 * Every problem in a definition, step by step: unknown operations, tools that
 * cannot be steps, options their tool's schema refuses, and steps no file
 * reaching them could satisfy. `fileNames` are the names of the files the run
 * starts with; without them types are not followed.
 */
export function checkPipeline(definition: PipelineDefinition, tools: readonly AnyTool[], fileNames?: readonly string[]): PipelineIssue[] {
  const issues: PipelineIssue[] = [];
  // Extensions of the files reaching the current step; undefined once unknown (after a ZIP).
  let extensions: string[] | undefined = fileNames ? [...new Set(fileNames.map(extensionOf))] : undefined;
  for (const [index, { operation, parameters }] of definition.pipeline.entries()) {
    const at = { step: index + 1, operation };
    const tool = toolForOperation(tools, operation, parameters);
    if (!tool) {
      issues.push({ ...at, message: `There is no operation ${operation}.` });
      extensions = undefined;
      continue;
    }
    const blocker = pipelineStepBlocker(tool);
    if (blocker) issues.push({ ...at, message: `${tool.title} cannot be a pipeline step. ${blocker}` });
    const parsed = schemaOf(tool).safeParse(collectParams(tool, withoutFedField(tool, stepBody(parameters))));
    if (!parsed.success) {
      for (const { field, message } of issueMessages(parsed.error)) issues.push({ ...at, field, message });
    }
    // A name with only the extension: would a file so named be taken, as the page filters picks?
    if (extensions && !extensions.some((extension) => matchesFileType({ name: `file${extension}` }, tool.input.accept))) {
      issues.push({
        ...at,
        message: `${tool.title} takes ${describeFileTypes(tool.input.accept)} files, and none reaches this step (it gets ${describeExtensions(extensions)}).`,
      });
    }
    extensions = parsed.success && !blocker ? nextExtensions(tool, parsed.data as Record<string, unknown>, extensions) : undefined;
  }
  return issues;
}

/** One issue as a sentence, naming its step. e.g. 'Step 2 (/api/v1/misc/compress-pdf), optimizeLevel: Compression level must be…' */
export function describePipelineIssue(issue: PipelineIssue): string {
  const where = issue.step === undefined ? '' : `Step ${issue.step}${issue.operation ? ` (${issue.operation})` : ''}${issue.field ? `, ${issue.field}` : ''}: `;
  return `${where}${issue.message}`;
}

/**
 * The options as the schema sees them before the run: a field the pipeline's own
 * files fill (`pipelineInput.othersInto`) counts as filled.
 */
export function withoutFedField(tool: AnyTool, body: Record<string, unknown>): Record<string, unknown> {
  const fed = tool.pipelineInput?.othersInto;
  return fed ? { ...body, [fed]: [{ name: 'pipeline-file', size: 1 }] } : body;
}

function nextExtensions(tool: AnyTool, params: Record<string, unknown>, current: string[] | undefined): string[] | undefined {
  const produced = stepOutputExtension(tool, params);
  if (produced === undefined || current === undefined) return undefined;
  // Files the step does not take are left out of its output, as in the reference.
  return [produced];
}

function describeExtensions(extensions: readonly string[]): string {
  const named = extensions.map((extension) => (extension === '' ? 'files without an extension' : extension));
  return named.join(', ');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
