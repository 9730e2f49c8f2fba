import { existsSync, realpathSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { InvalidInputError } from '../input-checks/input-errors';
import { PdfCorruptedError, PdfTooComplexError } from './pdf-errors';
import type { PdfLibAnswer, PdfLibRequest } from './pdf-lib-host';
import type { PdfLibTasks } from './pdf-lib-task-list';
import { EngineCrashedError, pageWatchdog, runProcess, type EngineOptions, type ScratchFiles } from './process';
import { decrypt } from './qpdf';

/**
 * pdf-lib as an engine: each task (engines/pdf-lib-task-list.ts) runs in a node
 * process of its own (engines/pdf-lib-host.ts), confined like every engine to
 * the job's folder, with a heap limit and a watchdog scaled to the document. A
 * parser that holds whole documents in memory never reads a visitor's file in
 * the server's process: the worst a file can do is fail its own job.
 */

export type PdfLibTaskName = keyof PdfLibTasks;
export type PdfLibTaskInput<K extends PdfLibTaskName> = Parameters<PdfLibTasks[K]>[0];
export type PdfLibTaskOutput<K extends PdfLibTaskName> = Awaited<ReturnType<PdfLibTasks[K]>>;
/** Tasks that open one PDF, named by their input's `pdf`. */
export type PdfLibTaskOnPdf = { [K in PdfLibTaskName]: PdfLibTaskInput<K> extends { pdf: string } ? K : never }[PdfLibTaskName];

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
 * alike, this is server/dist/engines/pdf-lib-host.js.
 */
const SERVER_DIST = resolve(__dirname, '../../dist');
const HOST = resolve(SERVER_DIST, 'engines/pdf-lib-host.js');
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
export async function runPdfLibTask<K extends PdfLibTaskName>(
  task: K,
  input: PdfLibTaskInput<K>,
  work: PdfLibWork,
  workspace: ScratchFiles,
  engine: EngineOptions,
): Promise<PdfLibTaskOutput<K>> {
  return settle(task, await ask(task, input, work, workspace, engine));
}

/**
 * Runs a task that opens the PDF `input.pdf`. pdf-lib can neither decrypt nor
 * repair, so a file it cannot open (an owner-password-only one among them) is
 * rewritten by qpdf, which decrypts and rebuilds a damaged cross-reference
 * table on the way, and the task run again on that. A file that still cannot
 * be opened is reported as damaged (400), not as a crash; one past pdf-lib's
 * budget is refused at once, never handed to qpdf to rewrite.
 */
export async function runPdfLibTaskOnPdf<K extends PdfLibTaskOnPdf>(
  task: K,
  input: PdfLibTaskInput<K>,
  work: PdfLibWork,
  workspace: ScratchFiles,
  engine: EngineOptions,
): Promise<PdfLibTaskOutput<K>> {
  const answer = await ask(task, input, work, workspace, engine);
  if (answer.failure !== 'cannot-open') return settle(task, answer);
  const rewritten = workspace.newPath('.pdf');
  await decrypt((input as { pdf: string }).pdf, rewritten, engine);
  return settle(task, await ask(task, { ...input, pdf: rewritten }, work, workspace, engine));
}

async function ask(task: PdfLibTaskName, input: unknown, work: PdfLibWork, workspace: ScratchFiles, engine: EngineOptions): Promise<PdfLibAnswer> {
  const files = hostFiles();
  const requestFile = workspace.newPath('.json');
  await writeFile(requestFile, JSON.stringify({ task, input } satisfies PdfLibRequest));
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

function settle<K extends PdfLibTaskName>(task: K, answer: PdfLibAnswer): PdfLibTaskOutput<K> {
  switch (answer.failure) {
    case undefined:
      return answer.output as PdfLibTaskOutput<K>;
    case 'cannot-open':
    case 'damaged':
      throw new PdfCorruptedError(undefined, answer.message);
    case 'too-complex':
      throw new PdfTooComplexError(answer.message);
    case 'invalid':
      throw new InvalidInputError(answer.message);
    case 'failed':
      throw new Error(`The pdf-lib task ${task} failed: ${answer.message}`);
  }
}
