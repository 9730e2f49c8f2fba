import { existsSync, realpathSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { InvalidInputError } from '../refusals/input-errors';
import { PdfCorruptedError, PdfTooComplexError } from './pdf-errors';
import { EngineCrashedError, pageWatchdog, runProcess, type EngineOptions, type ScratchFiles } from './process';
import { decrypt } from './qpdf/qpdf-encryption';

/**
 * pdf-lib as an engine: each task runs in a node process of its own (the host,
 * server/src/pdf-lib-host/), confined like every engine to the job's folder,
 * with a heap limit and a watchdog scaled to the document. A parser that holds
 * whole documents in memory never reads a visitor's file in the server's
 * process: the worst a file can do is fail its own job.
 *
 * A task lives beside the code it serves (`<name>.task.ts`), declared with
 * `definePdfLibTask`; it takes and answers plain data (paths, numbers, boxes: it
 * travels as JSON). The server passes the declaration to `runPdfLibTask`, which
 * sends only its name; the host runs it (pdf-lib-host/task-list.ts lists every one).
 */

/** A task of the pdf-lib engine: the name the host knows it by, and its work (run only in the host). */
export interface PdfLibTask<I, O> {
  readonly name: string;
  readonly run: (input: I) => Promise<O>;
}

/** e.g. `export const cropPdfTask = definePdfLibTask('crop-pdf', cropPages)` */
export function definePdfLibTask<I, O>(name: string, run: (input: I) => Promise<O>): PdfLibTask<I, O> {
  return { name, run };
}

/** What the server asks the host: a task by name and its input. */
export interface PdfLibRequest {
  task: string;
  input: unknown;
}

/** How a task ended, as the host tells it. */
export type PdfLibAnswer =
  | { output: unknown; failure?: undefined }
  | {
      /**
       * cannot-open: pdf-lib cannot open the PDF (qpdf's rewrite may); damaged: it opened, then
       * failed on the way; too-complex: past a budget; invalid: the request does not fit the
       * document; failed: anything else.
       */
      failure: 'cannot-open' | 'damaged' | 'too-complex' | 'invalid' | 'failed';
      message: string;
    };

/** How much work a run is, for its watchdog. */
export interface PdfLibWork {
  /** Pages of the document it reads. */
  pages: number;
  /** Bytes of the files it reads. */
  bytes: number;
}

const NODE = process.execPath;
/**
 * The compiled host. Jest runs the server from its TypeScript sources, but the
 * child runs JavaScript: from server/src/engines and from server/dist/engines
 * alike, this is server/dist/pdf-lib-host/host.js.
 */
const SERVER_DIST = resolve(__dirname, '../../dist');
const HOST = resolve(SERVER_DIST, 'pdf-lib-host/host.js');
/** Heap of one task's process: the parse budget (engines/pdf-lib-budget.ts) keeps a document within it. */
const HEAP_MB = 1024;
/** Time a megabyte of input may add to a run's watchdog: pdf-lib parses some 20 MB a second of the densest files. */
const MS_PER_MEGABYTE = 250;

let readable: string[] | undefined;

/** What the host reads besides the system: the compiled server, its packages, the registry's compiled kit. */
function hostFiles(): string[] {
  if (readable) return readable;
  if (!existsSync(HOST)) throw new Error(`${HOST} is missing: build the server first (npx tsc -b server; npm test and npm start do it).`);
  const packages = dirname(dirname(realpathSync(require.resolve('pdf-lib/package.json'))));
  const registry = resolve(dirname(realpathSync(require.resolve('@folio/registry/package.json'))), 'dist');
  readable = [SERVER_DIST, packages, registry, ...(NODE.startsWith('/usr/') ? [] : [NODE])];
  return readable;
}

/** Runs a task in the pdf-lib engine and answers its output; its failures arrive as the errors the exception filter maps. */
export async function runPdfLibTask<I, O>(task: PdfLibTask<I, O>, input: I, work: PdfLibWork, workspace: ScratchFiles, engine: EngineOptions): Promise<O> {
  return settle(task, await ask(task, input, work, workspace, engine)) as O;
}

/**
 * Runs a task that opens the PDF `input.pdf`. pdf-lib can neither decrypt nor
 * repair, so a file it cannot open (an owner-password-only one among them) is
 * rewritten by qpdf, which decrypts and rebuilds a damaged cross-reference
 * table on the way, and the task run again on that. A file that still cannot
 * be opened is reported as damaged (400), not as a crash; one past pdf-lib's
 * budget is refused at once, never handed to qpdf to rewrite.
 */
export async function runPdfLibTaskOnPdf<I extends { pdf: string }, O>(
  task: PdfLibTask<I, O>,
  input: I,
  work: PdfLibWork,
  workspace: ScratchFiles,
  engine: EngineOptions,
): Promise<O> {
  const answer = await ask(task, input, work, workspace, engine);
  if (answer.failure !== 'cannot-open') return settle(task, answer) as O;
  const rewritten = workspace.newPath('.pdf');
  await decrypt(input.pdf, rewritten, engine);
  return settle(task, await ask(task, { ...input, pdf: rewritten }, work, workspace, engine)) as O;
}

async function ask(task: PdfLibTask<never, unknown>, input: unknown, work: PdfLibWork, workspace: ScratchFiles, engine: EngineOptions): Promise<PdfLibAnswer> {
  const files = hostFiles();
  const requestFile = workspace.newPath('.json');
  await writeFile(requestFile, JSON.stringify({ task: task.name, input } satisfies PdfLibRequest));
  try {
    // The sandbox shows no /etc/ssl, and node refuses to start when it cannot read OpenSSL's configuration.
    const { stdout } = await runProcess(NODE, [`--max-old-space-size=${HEAP_MB}`, '--openssl-config=/dev/null', HOST, requestFile], {
      ...engine,
      readable: files,
      watchdogMs: pageWatchdog(work.pages) + Math.ceil(work.bytes / 1024 / 1024) * MS_PER_MEGABYTE,
    });
    return JSON.parse(stdout) as PdfLibAnswer;
  } catch (error) {
    // V8 aborts when the heap limit is reached (or the kernel kills past the address-space limit).
    if (error instanceof EngineCrashedError) return { failure: 'too-complex', message: 'it needs more memory than one document may take' };
    throw error;
  }
}

function settle(task: PdfLibTask<never, unknown>, answer: PdfLibAnswer): unknown {
  switch (answer.failure) {
    case undefined:
      return answer.output;
    case 'cannot-open':
    case 'damaged':
      throw new PdfCorruptedError(undefined, answer.message);
    case 'too-complex':
      throw new PdfTooComplexError(answer.message);
    case 'invalid':
      throw new InvalidInputError(answer.message);
    case 'failed':
      throw new Error(`The pdf-lib task ${task.name} failed: ${answer.message}`);
  }
}
