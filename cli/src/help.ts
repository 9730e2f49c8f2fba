import { CATEGORIES, describeFileTypes, resolveResult, type AnyTool } from '@folio/registry';
import { EXIT } from './exit-codes';
import { GLOBAL_OPTIONS, type GlobalOption } from './global-options';
import { optionDetails, optionSignature } from './option-help';
import { isPipelineCommand } from './pipeline-command';
import { DEFAULT_SERVER } from './server-address';
import type { ToolOption } from './tool-options';

const WIDTH = 100;

/** Words wrapped to the width, each line indented. */
function wrap(text: string, indent: number, width = WIDTH): string[] {
  const lines: string[] = [];
  let line = '';
  // A no-break space (option-help.ts: 'Default: docx') keeps its two words on one line.
  for (const word of text.split(/[ \t\n]+/).filter(Boolean)) {
    if (line && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l) => `${' '.repeat(indent)}${l.replace(/\u00a0/g, ' ')}`);
}

/** `folio rotate <files...> [options]`, or the pipeline's own form. */
export function usageOf(tool: AnyTool): string {
  if (isPipelineCommand(tool)) return `folio ${tool.id} <definition.json> <files...> [options]`;
  return `folio ${tool.id} <files...> [options]`;
}

/** How the tool takes files, in a sentence. */
function takesText(tool: AnyTool): string {
  const types = describeFileTypes(tool.input.accept);
  const min = tool.input.minFiles ?? 1;
  if (tool.input.combine)
    return `${types} files, all sent in one request${min > 1 ? ` (at least ${min})` : ''}${tool.input.maxFiles ? `, at most ${tool.input.maxFiles}` : ''}.`;
  if (tool.input.multiple) return `${types} files, one request each (--together: one request, a ZIP of the results).`;
  return `one ${types} file per request; several files are sent one after another.`;
}

function globalLines(skip: ReadonlySet<string>): string[] {
  const lines: string[] = [];
  for (const global of Object.values(GLOBAL_OPTIONS) as GlobalOption[]) {
    const names = global.names.filter((name) => !skip.has(name));
    if (names.length === 0) continue;
    const signature = [global.short ? `-${global.short}` : undefined, ...names.map((name) => `--${name}`)].filter(Boolean).join(', ');
    lines.push(`  ${signature}${global.value ? ` <${global.value}>` : ''}`, ...wrap(global.help, 6));
  }
  return lines;
}

/** '-o, --output <path>, --server <url>, --async, ...' for one line of a tool's help. */
function globalSummary(skip: ReadonlySet<string>): string {
  return (Object.values(GLOBAL_OPTIONS) as GlobalOption[])
    .flatMap((global) => {
      const name = global.names.find((candidate) => !skip.has(candidate));
      if (!name) return [];
      return [`${global.short ? `-${global.short}, ` : ''}--${name}${global.value ? ` <${global.value}>` : ''}`];
    })
    .join(', ');
}

const EXIT_LINES = [
  'Exit codes:',
  `  ${EXIT.done}    done`,
  `  ${EXIT.refused}    refused: an option or file the tool does not take (checked here first, then by the server), or a failed job`,
  `  ${EXIT.usage}    usage: unknown tool or option, missing file argument`,
  `  ${EXIT.unreachable}    the server could not be reached (refused, no such host, timed out)`,
  `  ${EXIT.interrupted}  cancelled with Ctrl-C (a running job is cancelled on the server)`,
];

/** `folio --help`: every tool, by category, with its subtitle. */
export function generalHelp(tools: readonly AnyTool[]): string {
  const width = Math.max(...tools.map((tool) => tool.id.length)) + 4;
  const lines = [
    'Folio from the command line: every tool of a Folio server, on your files.',
    '',
    'Usage:',
    '  folio <tool> <files...> [options] [-o <path>]',
    '  folio pipeline <definition.json> <files...>',
    "  folio <tool> --help          the tool's options, their defaults and allowed values",
    '  folio completion bash|zsh    a shell completion script',
    '',
    `Files may be globs ('*.pdf', quoted or not) and - for stdin. Results are written to the current folder under the server's names; each path written is printed. Server: --server or FOLIO_SERVER (default ${DEFAULT_SERVER}).`,
  ].flatMap((line) => (line.length > WIDTH ? wrap(line, 0) : [line]));
  for (const category of CATEGORIES) {
    const inCategory = tools.filter((tool) => tool.category === category.id);
    if (inCategory.length === 0) continue;
    lines.push('', `${category.label}:`);
    for (const tool of inCategory) lines.push(`  ${tool.id.padEnd(width)}${tool.subtitle}`);
  }
  const others = tools.filter((tool) => !CATEGORIES.some((category) => category.id === tool.category));
  if (others.length) lines.push('', 'Other:', ...others.map((tool) => `  ${tool.id.padEnd(width)}${tool.subtitle}`));
  lines.push('', 'Options of every tool:', ...globalLines(new Set()), '', ...EXIT_LINES, '');
  return lines.join('\n');
}

/** `folio <tool> --help`: what it does and takes, then every option with its type, default, allowed values and help. */
export function toolHelp(tool: AnyTool, options: readonly ToolOption[]): string {
  const result = resolveResult(tool).download.api;
  const lines = [
    `${tool.title}: ${tool.subtitle}`,
    ...(tool.notice ? wrap(tool.notice, 0) : []),
    '',
    `Usage: ${usageOf(tool)}`,
    '',
    ...wrap(`Takes: ${takesText(tool)}`, 0),
    `Result: ${result} (${tool.result.kind})${tool.result.noContentWhen ? `; nothing (204) when ${tool.result.noContentWhen}` : ''}.`,
    `Sent as: POST ${tool.endpoint}${tool.longRunning ? ', as an async job (long-running)' : ''}.`,
  ];
  if (options.length > 0) {
    lines.push('', 'Options:');
    for (const option of options) lines.push(`  ${optionSignature(option)}`, ...optionDetails(option, options).flatMap((text) => wrap(text, 6)));
  } else {
    lines.push('', 'This tool has no options of its own.');
  }
  const taken = new Set(options.flatMap((option) => option.names));
  lines.push('', ...wrap(`Run options (folio --help explains them): ${globalSummary(taken)}.`, 0), '');
  return lines.join('\n');
}
