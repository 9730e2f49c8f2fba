import { parseArgs } from 'node:util';
import { usageError } from './exit-codes';
import { GLOBAL_OPTIONS, type GlobalKey, type GlobalOption } from './global-options';
import { closeMatches, didYouMean } from './option-names';
import type { ToolOption } from './tool-options';

/** How the run goes, from the global options. */
export interface RunSettings {
  output?: string;
  server?: string;
  async: boolean;
  together: boolean;
  unzip: boolean;
  stdinName?: string;
  quiet: boolean;
  progress: boolean;
  help: boolean;
}

/** One value given for a field, as typed: text, or true/false for a flag. */
export type TypedValue = string | boolean;

export interface CommandLine {
  /** The values given per field, in the order given (a repeated option lists several). */
  given: Map<string, TypedValue[]>;
  settings: RunSettings;
  /** Files, globs and `-`. */
  positionals: string[];
}

type Target = { kind: 'field'; option: ToolOption; negated: boolean } | { kind: 'global'; key: GlobalKey };

/** Every long name the command answers to, and what each sets. A tool's field wins over a global option of the same name. */
function namesOf(options: readonly ToolOption[]): Map<string, Target> {
  const targets = new Map<string, Target>();
  for (const [key, global] of Object.entries(GLOBAL_OPTIONS) as [GlobalKey, GlobalOption][]) {
    for (const name of global.names) targets.set(name, { kind: 'global', key });
  }
  for (const option of options) {
    for (const name of option.names) {
      targets.set(name, { kind: 'field', option, negated: false });
      if (option.isFlag) targets.set(`no-${name}`, { kind: 'field', option, negated: true });
    }
  }
  return targets;
}

function targetTakesValue(target: Target): boolean {
  return target.kind === 'field' ? !target.option.isFlag : (GLOBAL_OPTIONS[target.key] as GlobalOption).value !== undefined;
}

const TRUE_WORDS = new Set(['true', 'yes', 'on', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'off', '0']);

/**
 * Rewrites what util.parseArgs would refuse but a person means: `--flag=false`
 * (→ `--no-flag`) and a negative number after an option that takes a value
 * (`--starting-number -5` → `--starting-number=-5`).
 */
function normalise(args: readonly string[], targets: Map<string, Target>): string[] {
  const out: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--') {
      out.push(...args.slice(index));
      break;
    }
    const inline = /^--([^=]+)=(.*)$/s.exec(arg);
    const target = inline ? targets.get(inline[1]) : undefined;
    if (inline && target?.kind === 'field' && target.option.isFlag) {
      const word = inline[2].trim().toLowerCase();
      const on = TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : undefined;
      if (on !== undefined) {
        out.push(on !== target.negated ? `--${target.option.names[0]}` : `--no-${target.option.names[0]}`);
        continue;
      }
    }
    const bare = /^--([^=]+)$/.exec(arg);
    const valued = bare ? targets.get(bare[1]) : undefined;
    const next = args[index + 1];
    if (valued && targetTakesValue(valued) && next !== undefined && /^-(\d|\.\d)/.test(next)) {
      out.push(`${arg}=${next}`);
      index++;
      continue;
    }
    out.push(arg);
  }
  return out;
}

/**
 * Reads a tool command's arguments (everything after the tool's name, and any
 * global options before it): option values by field, the run's settings, the
 * files. An unknown option or a missing value is a usage error naming close matches.
 */
export function parseCommandLine(command: string, options: readonly ToolOption[], args: readonly string[]): CommandLine {
  const targets = namesOf(options);
  const config: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {};
  for (const [name, target] of targets) {
    config[name] = { type: targetTakesValue(target) ? 'string' : 'boolean', multiple: true };
  }
  for (const global of Object.values(GLOBAL_OPTIONS) as GlobalOption[]) {
    const long = global.names.find((name) => targets.get(name)?.kind === 'global');
    if (global.short && long) config[long].short = global.short;
  }

  let tokens;
  try {
    ({ tokens } = parseArgs({ args: normalise(args, targets), options: config, allowPositionals: true, strict: true, tokens: true }));
  } catch (error) {
    throw explainParseError(command, error, [...targets.keys()]);
  }

  const given = new Map<string, TypedValue[]>();
  const settings: RunSettings = { async: false, together: false, unzip: false, quiet: false, progress: false, help: false };
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const target = targets.get(token.name)!;
    if (target.kind === 'global') {
      applyGlobal(settings, target.key, token.value);
      continue;
    }
    const value: TypedValue = target.option.isFlag ? !target.negated : (token.value ?? '');
    const { field, repeatable } = target.option;
    given.set(field, repeatable ? [...(given.get(field) ?? []), value] : [value]);
  }
  return { given, settings, positionals };
}

function applyGlobal(settings: RunSettings, key: GlobalKey, value: string | undefined): void {
  switch (key) {
    case 'output':
    case 'server':
    case 'stdinName':
      settings[key] = value;
      return;
    default:
      settings[key] = true;
  }
}

/** util.parseArgs's refusal as a usage error a person can act on. */
function explainParseError(command: string, error: unknown, known: string[]): Error {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const named = /'(-{1,2}[^' =]+)/.exec(message)?.[1] ?? '';
  const help = `Run 'folio ${command} --help' for its options.`;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const name = named.replace(/^-+/, '');
    const matches = named.startsWith('--') ? closeMatches(name, known) : [];
    return usageError(`Unknown option ${named} for ${command}.${didYouMean(matches, '--')} ${help}`);
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/does not take an argument/.test(message)) return usageError(`${named} takes no value. ${help}`);
    return usageError(`${named.replace(/ .*/, '')} needs a value. ${help}`);
  }
  return usageError(`${message.split('\n')[0]} ${help}`);
}
