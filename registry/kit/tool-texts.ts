import type { AnyTool, ToolCheck } from './define-tool';
import {
  checkboxInvalidMessage,
  choicesInvalidMessage,
  entriesMessages,
  fileCountMessages,
  selectInvalidMessage,
  textInvalidMessage,
  wrongTypeMessage,
  type DeclaredField,
  type EntriesOptions,
  type FileFieldOptions,
  type SelectOption,
} from './fields';
import { pageItemsMessages, type PageItemsOptions } from './page-items';

/**
 * Every text of a tool's declaration that a visitor reads, by a key that stays
 * put while the English changes: the source of the web app's translation
 * catalogues (web/src/locales/<lang>/tools/<id>.json). Keys read like paths:
 * `title`, `action.busyLabel`, `fields.angle.label`, `fields.angle.options.90`,
 * `fields.angle.messages.invalid`, `outcomes.no-images.notice`.
 *
 * Texts are plain, never ICU messages: a declaration's braces (`{FORMAT}` in a
 * toast) are the page's own placeholders, kept as they are by translators.
 */
export type ToolTexts = Readonly<Record<string, string>>;

/** Replaces one text: its translation, or the English where there is none. */
type Translate = (key: string, english: string) => string;

function mapOptions<O extends SelectOption>(options: readonly O[] | undefined, prefix: string, t: Translate): readonly O[] | undefined {
  return options?.map((option) => ({ ...option, label: t(`${prefix}.${String(option.value)}`, option.label) }));
}

/** The texts a field shows (labels, help, options): the ones `localizeTool` replaces. */
function mapField(field: DeclaredField, prefix: string, t: Translate): DeclaredField {
  const optional = (key: string, english: string | undefined) => (english === undefined ? undefined : t(`${prefix}.${key}`, english));
  const copy: DeclaredField & Partial<EntriesOptions> & Partial<FileFieldOptions> = { ...field, label: t(`${prefix}.label`, field.label) };
  const help = optional('help', field.help);
  if (help !== undefined) copy.help = help;
  const placeholder = optional('placeholder', field.placeholder);
  if (placeholder !== undefined) copy.placeholder = placeholder;
  if (field.options) copy.options = mapOptions(field.options, `${prefix}.options`, t);
  if (field.choices) copy.choices = mapOptions(field.choices, `${prefix}.options`, t) as readonly SelectOption<number>[];
  const entries = field as DeclaredField & Partial<EntriesOptions>;
  for (const key of ['keyLabel', 'valueLabel', 'addLabel'] as const) {
    const text = optional(key, entries[key]);
    if (text !== undefined) copy[key] = text;
  }
  const buttonLabel = optional('buttonLabel', (field as Partial<FileFieldOptions>).buttonLabel);
  if (buttonLabel !== undefined) copy.buttonLabel = buttonLabel;
  if (field.kind === 'file') {
    // The page words a wrong type itself (no schema sees the file's type): from the translated message, not a translated label in English words.
    const english = wrongTypeMessage(field as DeclaredField & FileFieldOptions);
    const wrongType = t(`${prefix}.messages.wrongType`, english);
    if (wrongType !== english) copy.wrongType = wrongType;
  }
  return copy;
}

/**
 * The messages a field's schema gives, declared or derived from its label, by
 * name: the server's and the page's validation words them the same way, so the
 * page translates them by their English (`messageTranslator`).
 */
function fieldMessages(field: DeclaredField): Record<string, string> {
  const messages: Record<string, string | undefined> = { required: field.required };
  switch (field.kind) {
    case 'checkbox':
      messages.invalid = checkboxInvalidMessage(field);
      break;
    case 'select':
      messages.invalid = selectInvalidMessage({ ...field, options: field.options ?? [] });
      break;
    case 'choices':
      messages.invalid = choicesInvalidMessage({ ...field, options: (field.options ?? []) as readonly SelectOption<string>[] });
      break;
    case 'entries':
      Object.assign(messages, entriesMessages(field as DeclaredField & EntriesOptions));
      break;
    case 'page-items':
      Object.assign(messages, pageItemsMessages(field as DeclaredField & PageItemsOptions));
      break;
    case 'text':
    case 'textarea':
      messages.invalid = textInvalidMessage(field);
      break;
    case 'file': {
      const file = field as DeclaredField & FileFieldOptions;
      const { tooMany, tooFew, tooLarge } = fileCountMessages(file);
      // Only the messages its limits can give: a single file is never too few, no `maxBytes` never too large.
      Object.assign(messages, {
        wrongType: wrongTypeMessage(file),
        // Without `maxFiles`, a multiple field's limit is the server's, which words its own message.
        ...((!file.multiple || file.maxFiles !== undefined) && { tooMany }),
        ...((file.minFiles ?? 1) > 1 && { tooFew }),
        ...(file.maxBytes !== undefined && { tooLarge }),
      });
      break;
    }
    default:
      messages.invalid = field.invalid;
  }
  return Object.fromEntries(Object.entries(messages).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

function checkKey(check: ToolCheck): string {
  return `checks.${check.field}.${check.rule}`;
}

/** The declaration with every text it shows replaced by `t`; fields keep their schemas (see `messageTranslator`). */
function mapTexts<T extends AnyTool>(tool: T, t: Translate): T {
  const optional = (key: string, english: string | undefined) => (english === undefined ? undefined : t(key, english));
  const messages = Object.fromEntries(Object.entries(tool.input.messages).map(([key, english]) => [key, t(`input.messages.${key}`, english)]));
  const outcomes = tool.result.outcomes
    ? Object.fromEntries(
        Object.entries(tool.result.outcomes).map(([key, outcome]) => [
          key,
          outcome.notice === undefined ? outcome : { ...outcome, notice: t(`outcomes.${key}.notice`, outcome.notice) },
        ]),
      )
    : undefined;
  return {
    ...tool,
    title: t('title', tool.title),
    subtitle: t('subtitle', tool.subtitle),
    ...(tool.notice !== undefined && { notice: t('notice', tool.notice) }),
    ...(tool.noticeLink && { noticeLink: { ...tool.noticeLink, label: t('noticeLink.label', tool.noticeLink.label) } }),
    input: {
      ...tool.input,
      ...(tool.input.listAccepted !== undefined && { listAccepted: optional('input.listAccepted', tool.input.listAccepted) }),
      messages,
    },
    fields: Object.fromEntries(Object.entries(tool.fields).map(([name, field]) => [name, mapField(field as DeclaredField, `fields.${name}`, t)])),
    ...(tool.checks && { checks: tool.checks.map((check) => ({ ...check, message: t(checkKey(check), check.message) })) }),
    action: { ...tool.action, label: t('action.label', tool.action.label), busyLabel: t('action.busyLabel', tool.action.busyLabel) },
    result: {
      ...tool.result,
      ...(tool.result.noContentWhen !== undefined && { noContentWhen: t('result.noContentWhen', tool.result.noContentWhen) }),
      ...(outcomes && { outcomes }),
    },
    download: { ...tool.download, ...(tool.download.label !== undefined && { label: t('download.label', tool.download.label) }) },
    toast: { ...tool.toast, success: t('toast.success', tool.toast.success) },
  } as T;
}

/**
 * Every text a visitor may read from the tool's declaration, English, by key:
 * what a language's catalogue for the tool translates. Fields only API clients
 * send (`apiOnly`) stay English: the page never shows them.
 */
export function toolTexts(tool: AnyTool): ToolTexts {
  const texts: Record<string, string> = {};
  const shown = { ...tool, fields: Object.fromEntries(Object.entries(tool.fields).filter(([, field]) => !field.apiOnly)) };
  mapTexts(shown, (key, english) => (texts[key] = english));
  for (const [name, field] of Object.entries(shown.fields)) {
    for (const [key, english] of Object.entries(fieldMessages(field as DeclaredField))) texts[`fields.${name}.messages.${key}`] = english;
  }
  return texts;
}

/**
 * The declaration as a visitor of another language reads it: titles, labels,
 * options and notices from `translations` (a catalogue from `toolTexts`' keys),
 * English where it has none. Everything else (names, values, endpoints,
 * schemas) is the declaration's own, so the page sends what the server expects.
 */
export function localizeTool<T extends AnyTool>(tool: T, translations: ToolTexts): T {
  return mapTexts(tool, (key, english) => translations[key] ?? english);
}

/**
 * Validation messages in the visitor's language. Schemas word their messages
 * in English, identically on the page and the server (whose 400 answers the page
 * shows), so a message is translated by what it says: the English of any of the
 * tool's texts gives the translation under the same key; any other message is
 * shown as it came.
 */
export function messageTranslator(tool: AnyTool, translations: ToolTexts): (message: string) => string {
  const byEnglish = new Map<string, string>();
  for (const [key, english] of Object.entries(toolTexts(tool))) {
    const translated = translations[key];
    if (translated !== undefined && !byEnglish.has(english)) byEnglish.set(english, translated);
  }
  return (message) => byEnglish.get(message) ?? message;
}
