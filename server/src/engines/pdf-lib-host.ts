import { readFileSync } from 'node:fs';
import { InvalidInputError } from '../input-checks/input-errors';
import { PdfLibCannotOpenError } from './pdf-lib';
import { PDF_LIB_TASKS } from './pdf-lib-task-list';
import { PdfCorruptedError, PdfTooComplexError } from './pdf-errors';

/**
 * The pdf-lib engine's process: `node pdf-lib-host.js <request.json>` runs one
 * task of engines/pdf-lib-task-list.ts on the request's input and writes a
 * `PdfLibAnswer` as JSON to stdout. engines/pdf-lib-tasks.ts starts it, confined
 * to the job's folder, with a heap limit and a watchdog; a failure the host can
 * tell (a damaged or too complex document, an option the document cannot take)
 * is answered, anything worse ends the process.
 */

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

export interface PdfLibRequest {
  task: string;
  input: unknown;
}

function answerTo(error: unknown): PdfLibAnswer {
  if (error instanceof PdfLibCannotOpenError) return { failure: 'cannot-open', message: error.reason };
  if (error instanceof PdfCorruptedError) return { failure: 'damaged', message: error.reason ?? error.message };
  if (error instanceof PdfTooComplexError) return { failure: 'too-complex', message: error.reason };
  if (error instanceof InvalidInputError) return { failure: 'invalid', message: error.message };
  // Array buffers past the address-space limit, or nesting past the stack: the document asked for too much.
  if (error instanceof RangeError) return { failure: 'too-complex', message: `it needs more memory than one document may take (${error.message})` };
  return { failure: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

async function run(requestFile: string): Promise<PdfLibAnswer> {
  const request = JSON.parse(readFileSync(requestFile, 'utf8')) as PdfLibRequest;
  const task = (PDF_LIB_TASKS as Record<string, (input: never) => Promise<unknown>>)[request.task];
  if (!task) return { failure: 'failed', message: `no pdf-lib task "${request.task}": register it in server/src/engines/pdf-lib-task-list.ts` };
  try {
    return { output: (await task(request.input as never)) ?? null };
  } catch (error) {
    return answerTo(error);
  }
}

if (require.main === module) {
  // pdf-lib reports every odd object it meets on the console: a hostile file would fill the pipe.
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) console[method] = () => undefined;
  void run(process.argv[2]).then((answer) => process.stdout.write(JSON.stringify(answer)));
}
