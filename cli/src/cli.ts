import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tools, type AnyTool } from '@folio/registry';
import { completionScript } from './completion';
import { CliError, EXIT, usageError } from './exit-codes';
import { GLOBAL_OPTIONS, type GlobalOption } from './global-options';
import { generalHelp, toolHelp } from './help';
import type { CliIo } from './io';
import { closeMatches, didYouMean } from './option-names';
import { runTool } from './run-tool';
import { toolOptions } from './tool-options';

/** Options before the tool's name that take the next word as their value (`folio --server URL rotate ...`). */
const VALUED = new Set(
  (Object.values(GLOBAL_OPTIONS) as GlobalOption[]).flatMap((global) =>
    global.value ? [...global.names.map((name) => `--${name}`), ...(global.short ? [`-${global.short}`] : [])] : [],
  ),
);

/** The command (a tool's id, `completion`, `help`) and every other argument, global options before it included. */
function splitCommand(args: readonly string[]): { command?: string; rest: string[] } {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--') break;
    if (arg === '-' || !arg.startsWith('-')) return { command: arg, rest: [...args.slice(0, index), ...args.slice(index + 1)] };
    if (VALUED.has(arg)) index++;
  }
  return { rest: [...args] };
}

function version(): string {
  try {
    return (JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

async function dispatch(command: string | undefined, rest: string[], io: CliIo, registered: readonly AnyTool[]): Promise<number> {
  const asks = (...flags: string[]) => rest.some((arg) => flags.includes(arg));
  if (command === undefined || command === 'help') {
    const about = command === 'help' ? registered.find((tool) => tool.id === rest[0]) : undefined;
    if (about) {
      io.stdout.write(toolHelp(about, toolOptions(about)));
      return EXIT.done;
    }
    if (command === undefined && asks('--version', '-V')) {
      io.stdout.write(`folio ${version()}\n`);
      return EXIT.done;
    }
    if (command === 'help' || asks('--help', '-h')) {
      io.stdout.write(generalHelp(registered));
      return EXIT.done;
    }
    io.stderr.write(generalHelp(registered));
    throw usageError('Name a tool, e.g. folio rotate report.pdf.');
  }
  if (command === 'completion') {
    io.stdout.write(
      completionScript(
        rest.find((arg) => !arg.startsWith('-')),
        registered,
      ),
    );
    return EXIT.done;
  }
  const tool = registered.find((candidate) => candidate.id === command);
  if (!tool) {
    const matches = closeMatches(
      command,
      registered.map((candidate) => candidate.id),
    );
    throw usageError(`Unknown tool ${command}.${didYouMean(matches)} Run 'folio --help' for the list.`);
  }
  return runTool(tool, rest, io);
}

/**
 * The whole command line: `folio <tool> ...`, `folio --help`, `folio completion <shell>`.
 * Answers the exit code; errors go to stderr as `folio <command>: <message>`.
 * `registered` is the registry's tools (tests may pass others).
 */
export async function runCli(args: readonly string[], io: CliIo, registered: readonly AnyTool[] = tools): Promise<number> {
  const { command, rest } = splitCommand(args);
  try {
    return await dispatch(command, rest, io, registered);
  } catch (error) {
    const prefix = `folio${command && registered.some((tool) => tool.id === command) ? ` ${command}` : ''}: `;
    if (error instanceof CliError) {
      io.stderr.write(`${prefix}${error.message}\n`);
      return error.exitCode;
    }
    io.stderr.write(`${prefix}unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return EXIT.refused;
  }
}
