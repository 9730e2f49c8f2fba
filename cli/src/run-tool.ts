import { relative, isAbsolute } from 'node:path';
import { OUTCOME_HEADER, outcomeKeepsResult, outcomeNotice, renderFileName, resolveResult, type AnyTool } from '@folio/registry';
import { parseCommandLine, type RunSettings } from './command-line';
import { safeFileName } from './download-name';
import { CliError, EXIT, refusal, usageError } from './exit-codes';
import { runJob, sendRequest, type Exchange } from './exchange';
import { toolHelp, usageOf } from './help';
import { resolveInputs, type InputFile } from './inputs';
import type { CliIo } from './io';
import { checkOptions, fieldFilesOf } from './option-values';
import { outputTarget, type OutputTarget } from './output-target';
import { takeDefinitionFile } from './pipeline-command';
import { problemText } from './problem-text';
import { progressFor } from './progress';
import { requestParts } from './request-parts';
import { planRequests, sendsAsJob } from './request-plan';
import { saveResult } from './save-result';
import { serverAddress, type ServerAddress } from './server-address';
import { toolOptions } from './tool-options';

/** What every request of one run shares. */
interface Run {
  tool: AnyTool;
  io: CliIo;
  settings: RunSettings;
  server: ServerAddress;
  params: Record<string, unknown>;
  target: OutputTarget;
  written: Set<string>;
  /** A note on stderr, unless --quiet. */
  note(text: string): void;
}

/** Fewer files than the tool needs is a usage error, in the tool's own words. */
function requireFiles(tool: AnyTool, files: readonly InputFile[]): void {
  const { messages, minFiles = 1 } = tool.input;
  if (files.length === 0) throw usageError(`${messages.missing} Usage: ${usageOf(tool)}`);
  if (files.length < minFiles) throw usageError(`${messages.tooFew ?? messages.missing} Usage: ${usageOf(tool)}`);
}

/** A path as the user would type it: relative to the folder they are in, when inside it. */
function shownPath(path: string, cwd: string): string {
  const inside = relative(cwd, path);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}

/** One request: send (as a job when it should be one), follow, and save what comes back. Answers the path written. */
async function runRequest(run: Run, files: InputFile[]): Promise<string | undefined> {
  const { tool, io, settings, params } = run;
  const label = `${tool.id} ${files.length === 1 ? files[0].name : `${files.length} files`}`;
  const progress = progressFor(settings, io, label);
  const controller = new AbortController();
  const stopListening = io.onInterrupt(() => controller.abort());
  const exchange: Exchange = {
    server: run.server,
    progress,
    signal: controller.signal,
    note: (text) => {
      progress.done();
      run.note(text);
    },
  };
  try {
    const parts = await requestParts(tool, files, params);
    const uploads = [...files, ...[...fieldFilesOf(tool, params).values()].flat()];
    const response = sendsAsJob(tool, uploads, settings.async)
      ? await runJob(exchange, tool.endpoint, parts)
      : await sendRequest(exchange, tool.endpoint, parts);
    progress.done();
    if (response.status === 204) {
      // Said even with --quiet: it is the answer.
      io.stderr.write(`${label}: nothing to return${tool.result.noContentWhen ? ` (${tool.result.noContentWhen})` : ''}; no file written.\n`);
      return undefined;
    }
    if (!response.ok) throw refusal(await problemText(response));
    const outcome = response.headers.get(OUTCOME_HEADER) ?? undefined;
    const notice = outcomeNotice(tool, outcome);
    if (!outcomeKeepsResult(tool, outcome)) {
      // The declaration says this answer holds nothing worth keeping (an empty ZIP): as the page, no download.
      await response.body?.cancel();
      io.stderr.write(`${label}: ${notice ?? 'nothing worth keeping'}; no file written.\n`);
      return undefined;
    }
    if (notice) run.note(`${label}: ${notice}`);
    const declaredName = renderFileName(resolveResult(tool, params).download.api, files[0]?.name, params);
    return await saveResult(response, {
      target: run.target,
      stdout: io.stdout,
      fallbackName: safeFileName(declaredName, 'result'),
      unzip: settings.unzip,
      written: run.written,
    });
  } catch (error) {
    if (controller.signal.aborted && !(error instanceof CliError && error.exitCode === EXIT.interrupted)) throw new CliError(EXIT.interrupted, 'Cancelled.');
    throw error;
  } finally {
    stopListening();
    progress.done();
  }
}

/**
 * `folio <tool> <files...> [options]`: reads the options from the declaration,
 * checks them with the tool's schema, sends one request per file (or one for
 * all, for a combining tool) and writes each result. Answers the exit code; a
 * refusal of one file of several is reported and the others still run.
 */
export async function runTool(tool: AnyTool, args: readonly string[], io: CliIo): Promise<number> {
  const options = toolOptions(tool);
  const line = parseCommandLine(tool.id, options, args);
  const { settings } = line;
  if (settings.help) {
    io.stdout.write(toolHelp(tool, options));
    return EXIT.done;
  }
  const note = (text: string) => {
    if (!settings.quiet) io.stderr.write(`${text}\n`);
  };
  const positionals = takeDefinitionFile(tool, line, io);
  const server = serverAddress(settings.server, io.env);
  const files = await resolveInputs(positionals, io, settings.stdinName);
  requireFiles(tool, files);
  const { params, ignored } = checkOptions(tool, options, line.given, io);
  ignored.forEach(note);
  if (settings.together && !tool.input.multiple) note(`--together is ignored: ${tool.id} takes one file per request.`);
  const requests = planRequests(tool, files, settings.together);
  const target = outputTarget(settings.output, requests.length, settings.unzip, io.cwd);
  // Inputs are never written over by a result of the same name.
  const inputs = [...files, ...[...fieldFilesOf(tool, params).values()].flat()].flatMap((file) => (file.path === undefined ? [] : [file.path]));
  const run: Run = { tool, io, settings, server, params, target, written: new Set(inputs), note };

  let refused = 0;
  for (const request of requests) {
    try {
      const path = await runRequest(run, request);
      if (path !== undefined) io.stdout.write(`${shownPath(path, io.cwd)}\n`);
    } catch (error) {
      // One file of a batch refused: say which, and go on with the others.
      if (!(error instanceof CliError) || error.exitCode !== EXIT.refused || requests.length === 1) throw error;
      io.stderr.write(`folio ${tool.id}: ${request.map((file) => file.name).join(', ')}: ${error.message}\n`);
      refused++;
    }
  }
  return refused > 0 ? EXIT.refused : EXIT.done;
}
