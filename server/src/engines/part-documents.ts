import { writeFile } from 'node:fs/promises';
import { engineScript } from './engine-scripts';
import { PdfCorruptedError, PdfPasswordError } from './pdf-errors';
import { pageWatchdog, runProcess, type EngineOptions } from './process';

/**
 * Gives parts cut from a document (qpdf `--split-pages`, pages alone) the
 * document's information, XMP and language back, and each its own bookmarks,
 * in one pikepdf process for all parts (server/src/engines/pdf-part-documents.py).
 */

const PYTHON = '/usr/bin/python3';
/** Reaches the program from src/engines (tests, ts-jest) and dist/engines (built server) alike. */
const PROGRAM = engineScript('pdf-part-documents.py');

/** A bookmark as the script writes it: `pageIndex` is 0-based in its part; `look` as outlines.ts reads it. */
export interface PartBookmark {
  title: string;
  pageIndex: number | undefined;
  look?: { view?: unknown[]; open?: boolean; color?: number[]; flags?: number; uri?: string };
  children: PartBookmark[];
}

/** One part: the file qpdf cut, where to write it complete, and its bookmarks. */
export interface PartDocument {
  input: string;
  output: string;
  outline: readonly PartBookmark[];
}

type Answer = { parts: number; error?: undefined } | { error: 'password' } | { error: 'damaged'; reason: string };

/** Writes each part's `output` as its `input` with `source`'s document information and its own bookmarks. */
export async function completePartDocuments(
  source: string,
  parts: readonly PartDocument[],
  jobFile: string,
  pages: number,
  options: EngineOptions,
): Promise<void> {
  // JSON has no undefined: a bookmark that opens no page goes as null.
  await writeFile(
    jobFile,
    JSON.stringify({ source, parts }, (key, value: unknown) => (key === 'pageIndex' && value === undefined ? null : value)),
  );
  const { stdout } = await runProcess(PYTHON, ['-I', '-B', PROGRAM, jobFile], {
    ...options,
    readable: [PROGRAM],
    okExitCodes: [0, 2],
    watchdogMs: pageWatchdog(pages),
  });
  const answer = JSON.parse(stdout) as Answer;
  if (answer.error === 'password') throw new PdfPasswordError();
  if (answer.error === 'damaged') throw new PdfCorruptedError(undefined, `pikepdf: ${answer.reason}`);
}
