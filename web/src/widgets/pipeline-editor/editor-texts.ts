import {
  describeFileTypes,
  FILE_TYPES,
  localizeTool,
  messageTranslator,
  PIPELINE_MESSAGES,
  pipelineStepBlocker,
  SOURCE_LOCALE,
  type AnyTool,
  type PipelineDefinition,
  type PipelineIssue,
} from '@folio/registry';
import { activeLocale, registryText, toolTranslations } from '../../i18n/language';
import type english from '../../locales/en/app/pipelineEditor.json';

/**
 * The editor's texts that the registry words in English (checkPipeline's issues,
 * why a tool cannot be a step, the examples' names), in the visitor's language.
 * A registry sentence is recognised by comparing it with what the registry says
 * for that tool; one not recognised is shown as it came.
 */

/** The editor's `t` (useMessages('pipelineEditor', english)). */
export type EditorTranslate = (key: keyof typeof english & string, values?: Record<string, unknown>) => string;

/** A tool's declaration in the active language (titles, labels, options); names, values and schemas stay its own. */
export function localizedTool<T extends AnyTool>(tool: T): T {
  return localizeTool(tool, toolTranslations(tool.id));
}

/** A tool's title in the active language. */
export function toolTitle(tool: AnyTool): string {
  return toolTranslations(tool.id).title ?? tool.title;
}

const OWN_FILE = /^It needs a file of its own \((.*)\), which a pipeline step cannot be given\.$/s;
const EVERY_CHOICE = /^Whatever (.*) is chosen, it needs a file of its own, which a pipeline step cannot be given\.$/s;

/** Why a tool cannot be a step (`pipelineStepBlocker`), in the active language; undefined when it can. */
export function stepBlockerText(tool: AnyTool, t: EditorTranslate): string | undefined {
  // Read on the translated declaration, so the labels it names are the visitor's.
  const blocker = pipelineStepBlocker(localizedTool(tool));
  if (blocker === undefined) return undefined;
  if (blocker === 'A pipeline cannot run another pipeline.') return t('blockerPipeline');
  const ownFile = OWN_FILE.exec(blocker);
  if (ownFile) return t('blockerOwnFile', { files: ownFile[1] });
  const everyChoice = EVERY_CHOICE.exec(blocker);
  if (everyChoice) return t('blockerEveryChoice', { option: everyChoice[1] });
  return blocker;
}

const PIPELINE_KEYS = Object.keys(PIPELINE_MESSAGES) as (keyof typeof PIPELINE_MESSAGES)[];
/** What the registry calls a file without an extension in the list of extensions reaching a step. */
const NO_EXTENSION = 'files without an extension';

/**
 * An issue's message (not its step) in the active language. `tool` is the tool
 * the issue's step runs (`toolForOperation`), none for an unknown operation.
 */
export function issueMessage(issue: PipelineIssue, tool: AnyTool | undefined, t: EditorTranslate): string {
  const { message } = issue;
  const pipelineKey = PIPELINE_KEYS.find((key) => PIPELINE_MESSAGES[key] === message);
  if (pipelineKey) return registryText('pipeline', pipelineKey, PIPELINE_MESSAGES[pipelineKey]);
  if (!tool)
    return issue.operation !== undefined && message === `There is no operation ${issue.operation}.`
      ? t('unknownOperation', { operation: issue.operation })
      : message;

  const blocker = pipelineStepBlocker(tool);
  if (blocker !== undefined && message === `${tool.title} cannot be a pipeline step. ${blocker}`) {
    return t('notAStep', { tool: toolTitle(tool), reason: stepBlockerText(tool, t) });
  }
  const types = describeFileTypes(tool.input.accept);
  const takes = `${tool.title} takes ${types} files, and none reaches this step (it gets `;
  if (message.startsWith(takes) && message.endsWith(').')) {
    const received = message.slice(takes.length, -2);
    const locale = activeLocale();
    // English keeps the registry's own lists ('PDF or PNG', '.docx, .txt').
    if (locale === SOURCE_LOCALE) return t('wrongFileTypes', { tool: tool.title, types, received });
    const labels = tool.input.accept.map((key) => registryText('file-types', key, FILE_TYPES[key].label));
    const extensions = received.split(', ').map((extension) => (extension === NO_EXTENSION ? t('noExtension') : extension));
    return t('wrongFileTypes', {
      tool: toolTitle(tool),
      types: new Intl.ListFormat(locale, { type: 'disjunction' }).format(labels),
      received: new Intl.ListFormat(locale, { type: 'conjunction' }).format(extensions),
    });
  }
  // The tool's own validation messages, worded from its declaration.
  return messageTranslator(tool, toolTranslations(tool.id))(message);
}

/** An issue as a sentence naming its step, as `describePipelineIssue` words it; `message` is the issue's, translated. */
export function describeIssue(issue: PipelineIssue, message: string, t: EditorTranslate): string {
  if (issue.step === undefined) return message;
  const values = { step: issue.step, operation: issue.operation, field: issue.field, message };
  if (issue.operation && issue.field) return t('issueAtStepOperationField', values);
  if (issue.operation) return t('issueAtStepOperation', values);
  if (issue.field) return t('issueAtStepField', values);
  return t('issueAtStep', values);
}

/** The ready-made examples (PIPELINE_EXAMPLES, which have no id) by their English name. */
const EXAMPLE_KEYS: Readonly<Record<string, keyof typeof english & string>> = {
  'Prepare for e-mail': 'examplePrepareForEmail',
  'Make scans searchable': 'exampleMakeScansSearchable',
  'Archive-ready': 'exampleArchiveReady',
};

/** An example's name in the active language; the English for an example not in the catalogue. */
export function exampleName(example: PipelineDefinition, t: EditorTranslate): string {
  const key = EXAMPLE_KEYS[example.name];
  return key ? t(key) : example.name;
}
