import { readFileSync } from 'node:fs';
import { InvalidInputError } from '../refusals/input-errors';
import { PdfLibCannotOpenError } from '../engines/pdf-lib';
import { PdfCorruptedError, PdfTooComplexError } from '../engines/pdf-errors';
import type { PdfLibAnswer, PdfLibRequest } from '../engines/pdf-lib-tasks';
import { PDF_LIB_TASKS } from './task-list';

/**
 * The pdf-lib engine's process: `node host.js <request.json>` runs one task of
 * task-list.ts on the request's input and writes a `PdfLibAnswer` as JSON to
 * stdout. engines/pdf-lib-tasks.ts starts it, confined
 * to the job's folder, with a heap limit and a watchdog; a failure the host can
 * tell (a damaged or too complex document, an option the document cannot take)
 * is answered, anything worse ends the process.
 */

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
  const task = PDF_LIB_TASKS.find((candidate) => candidate.name === request.task);
  if (!task) return { failure: 'failed', message: `no pdf-lib task "${request.task}": list it in server/src/pdf-lib-host/task-list.ts` };
  try {
    return { output: (await task.run(request.input as never)) ?? null };
  } catch (error) {
    return answerTo(error);
  }
}

if (require.main === module) {
  // pdf-lib reports every odd object it meets on the console: a hostile file would fill the pipe.
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) console[method] = () => undefined;
  void run(process.argv[2]).then((answer) => process.stdout.write(JSON.stringify(answer)));
}
