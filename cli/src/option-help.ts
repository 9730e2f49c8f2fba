import { describeFileTypes, type DeclaredField, type EntriesOptions, type FileField, type Scalar, type SelectOption } from '@folio/registry';
import { spellingsOf } from './option-names';
import type { ToolOption } from './tool-options';

/** What the value of an option is called in help. e.g. '<number>' */
const VALUE_NAMES: Readonly<Record<string, string>> = {
  number: 'number',
  size: 'size',
  text: 'text',
  textarea: 'text',
  select: 'value',
  choices: 'values',
  entries: 'name=value',
  pages: 'pages',
  file: 'path',
};

/** How an option is written. e.g. '--angle <number>', '--grayscale, --no-grayscale', '--languages <values>...' */
export function optionSignature(option: ToolOption): string {
  if (option.isFlag) return `--${option.flag}, --no-${option.flag}`;
  return `--${option.flag} <${VALUE_NAMES[option.declared.kind] ?? 'value'}>${option.repeatable ? '...' : ''}`;
}

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** 'a (Label), b' — the label only where it says more than the value. */
function valuesWithLabels(options: readonly SelectOption[]): string {
  return options.map((o) => (String(o.value).toLowerCase() === o.label.toLowerCase() ? String(o.value) : `${String(o.value)} (${o.label})`)).join(', ');
}

function numberRule(field: DeclaredField): string | undefined {
  const parts: string[] = [];
  parts.push(field.integer ? 'a whole number' : 'a number');
  if (field.min !== undefined && field.max !== undefined) parts.push(`from ${field.min} to ${field.max}`);
  else if (field.min !== undefined) parts.push(`at least ${field.min}`);
  else if (field.max !== undefined) parts.push(`at most ${field.max}`);
  if (field.greaterThan !== undefined) parts.push(`greater than ${field.greaterThan}`);
  if (field.multipleOf !== undefined) parts.push(`a multiple of ${field.multipleOf}`);
  const rule = parts.join(', ');
  return `${rule.charAt(0).toUpperCase()}${rule.slice(1)}.`;
}

/** What values the option takes, from the declaration: allowed values, bounds, grammar. */
function valueRule(field: DeclaredField): string | undefined {
  switch (field.kind) {
    case 'select':
      return `One of: ${valuesWithLabels(field.options ?? [])}.`;
    case 'choices':
      return `Any of: ${valuesWithLabels(field.options ?? [])}; comma-separated or repeated.`;
    case 'number': {
      const rule = numberRule(field);
      return field.choices?.length ? `${rule} Usual: ${valuesWithLabels(field.choices)}.` : rule;
    }
    case 'size':
      return 'A size such as 500KB, 2MB or 1.5GB (a number alone is megabytes).';
    case 'pages':
      return 'Pages such as 1,3,5-7, all, or 2n+1.';
    case 'textarea':
      return `Several lines: repeat the option, one line each.${field.maxLength !== undefined ? ` At most ${field.maxLength} characters.` : ''}`;
    case 'text':
      return field.maxLength !== undefined ? `At most ${field.maxLength} characters.` : undefined;
    case 'entries': {
      const { maxEntries } = field as DeclaredField & EntriesOptions;
      return `Repeat for each pair (e.g. Department=Sales), or give one JSON object; at most ${maxEntries}.`;
    }
    case 'file': {
      const file = field as FileField;
      const count = file.multiple ? ` Repeat for several files${file.maxFiles !== undefined ? ` (at most ${file.maxFiles})` : ''}.` : '';
      return `A ${describeFileTypes(file.accept)} file.${count}`;
    }
    default:
      return undefined;
  }
}

function defaultText(option: ToolOption): string | undefined {
  const value = option.declared.default as Scalar | readonly Scalar[] | undefined;
  if (value === undefined || value === '') return undefined;
  // A no-break space: help never parts 'Default:' from its value.
  if (option.isFlag) return `Default:\u00a0${value ? `--${option.flag}` : `--no-${option.flag}`}.`;
  return `Default:\u00a0${Array.isArray(value) ? value.join(',') : String(value)}.`;
}

/** 'Only when --stamp-type is image.', from `visibleWhen`. */
function conditionText(option: ToolOption, all: readonly ToolOption[]): string | undefined {
  const when = option.declared.visibleWhen;
  if (!when) return undefined;
  const parts = Object.entries(when).map(([field, values]) => {
    const controller = all.find((candidate) => candidate.field === field);
    if (controller?.isFlag) return values.includes(true) ? `--${controller.flag}` : `--no-${controller.flag}`;
    return `--${controller?.flag ?? field} is ${values.map(String).join(' or ')}`;
  });
  return `Only when ${parts.join(' and ')}.`;
}

/** The sentences help gives for one option: what it is, what it takes, its default, when it applies. */
export function optionDetails(option: ToolOption, all: readonly ToolOption[]): string[] {
  const { declared } = option;
  const lines = [declared.help ? `${sentence(declared.label)} ${sentence(declared.help)}` : sentence(declared.label)];
  const rule = valueRule(declared);
  const also = option.names.filter((name) => !spellingsOf(option.field).includes(name));
  const facts = [
    rule,
    defaultText(option),
    declared.required !== undefined ? (declared.requiredWhen ? 'Required in some modes.' : 'Required.') : undefined,
    conditionText(option, all),
    also.length ? `Also ${also.map((name) => `--${name}`).join(', ')}.` : undefined,
  ].filter((fact): fact is string => fact !== undefined);
  if (facts.length) lines.push(facts.join(' '));
  return lines;
}
