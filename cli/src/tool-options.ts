import type { AnyTool, DeclaredField } from '@folio/registry';
import { spellingsOf } from './option-names';

/** One command-line option of a tool, derived from one declared field. */
export interface ToolOption {
  /** The field it sets, the API's multipart name. e.g. 'pageNumbers' */
  field: string;
  declared: DeclaredField;
  /** The name help shows, without dashes. e.g. 'page-numbers' */
  flag: string;
  /** Every long name it answers to, without dashes: the field's spellings, then its aliases'. e.g. ['page-numbers', 'pageNumbers'] */
  names: string[];
  /** A yes/no option: `--flag` and `--no-flag`, no value. */
  isFlag: boolean;
  /** Each value given counts (a list, lines of text, files); otherwise the last one given wins. */
  repeatable: boolean;
}

/** Field kinds whose options may be given several times, each adding a value. */
const REPEATABLE_KINDS = new Set(['choices', 'entries', 'textarea', 'file']);

/**
 * A tool's options, one per declared field, in declaration order. Every field is
 * offered, `apiOnly` ones too: the CLI is an API client.
 */
export function toolOptions(tool: AnyTool): ToolOption[] {
  const taken = new Map<string, string>();
  const problems: string[] = [];
  const options = (Object.entries(tool.fields) as [string, DeclaredField][]).map(([field, declared]) => {
    const own = spellingsOf(field);
    for (const name of own) {
      const other = taken.get(name);
      if (other !== undefined) problems.push(`fields "${other}" and "${field}" are both --${name} on the command line`);
      taken.set(name, field);
    }
    // Aliases are the API's other names for the field; one another field already answers to is left out.
    const aliases = (declared.aliases ?? []).flatMap(spellingsOf).filter((name) => !taken.has(name));
    for (const name of aliases) taken.set(name, field);
    return {
      field,
      declared,
      flag: own[0],
      names: [...own, ...aliases],
      isFlag: declared.kind === 'checkbox',
      repeatable: REPEATABLE_KINDS.has(declared.kind),
    };
  });
  if (problems.length > 0) {
    throw new Error(`Tool "${tool.id}": ${problems.join('; ')}. Rename one of them in registry/${tool.id}.tool.ts.`);
  }
  return options;
}

/** The option that answers to a long name (without dashes), if any. */
export function optionNamed(options: readonly ToolOption[], name: string): ToolOption | undefined {
  return options.find((option) => option.names.includes(name));
}
