import { engineScript } from './engine-scripts';
import type { EngineOptions } from './process';
import { runPdfScript } from './python-pdf-script';

/**
 * Gives parts cut from a document (qpdf `--split-pages`, pages alone) the
 * document's information, XMP and language back, and each its own bookmarks,
 * in one pikepdf process for all parts (server/src/engines/pdf-part-documents.py).
 */

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

/** Writes each part's `output` as its `input` with `source`'s document information and its own bookmarks. */
export async function completePartDocuments(
  source: string,
  parts: readonly PartDocument[],
  jobFile: string,
  pages: number,
  options: EngineOptions,
): Promise<void> {
  // JSON has no undefined: a bookmark that opens no page goes as null.
  const request = JSON.stringify({ source, parts }, (key, value: unknown) => (key === 'pageIndex' && value === undefined ? null : value));
  await runPdfScript<{ parts: number }>(PROGRAM, 'pikepdf', request, jobFile, pages, options);
}
