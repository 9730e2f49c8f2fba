import { PdfCorruptedError } from '../../engines/pdf-errors';
import { countPages } from '../../engines/qpdf/qpdf-pages';
import { checkPdf } from '../../engines/qpdf/qpdf-rewrites';
import { readPageTexts } from '../../engines/poppler-text';
import type { EngineOptions } from '../../engines/process';

/** The recoveries Repair PDF has, as the X-Repair-Method header names them. */
export type RepairMethod = 'qpdf' | 'mupdf' | 'ghostscript' | 'poppler' | 'page-salvage';

/** A recovery's result and what independent readers find in it. */
export interface Recovery {
  method: RepairMethod;
  path: string;
  /** Pages qpdf counts in it. */
  pages: number;
  /** Characters of text Poppler reads on its pages, white space left out. */
  characters: number;
  /** `qpdf --check` finds no error: its structure holds and every page's content decodes. */
  wellFormed: boolean;
}

/** One recovery tried: what it recovered, or why it recovered nothing. `name` as the answer says it, e.g. 'MuPDF'. */
export type Attempt = { method: RepairMethod; name: string } & ({ recovered: Recovery; failure?: undefined } | { recovered?: undefined; failure: string });

/**
 * Measures a recovery's file; throws (PdfCorruptedError) when qpdf or Poppler
 * cannot open it, and when it has no page: such a file recovered nothing.
 * `pages` (the input's count, or a guess) scales the readers' watchdogs.
 */
export async function measureRecovery(method: RepairMethod, path: string, pages: number, engine: EngineOptions): Promise<Recovery> {
  const found = await countPages(path, engine);
  if (found === 0) throw new PdfCorruptedError(undefined, 'no page');
  const check = await checkPdf(path, Math.max(found, pages), engine);
  const texts = await readPageTexts(path, found, engine);
  const characters = texts.reduce((sum, text) => sum + text.replace(/\s+/g, '').length, 0);
  return { method, path, pages: found, characters, wellFormed: !check.errors };
}

/**
 * The recovery to answer with: a well-formed file before one qpdf still finds
 * errors in, then the most pages, then the most text; a tie goes to the
 * earlier recovery (qpdf's keeps the most structure). Undefined when none recovered a page.
 */
export function bestRecovery(attempts: readonly Attempt[]): Recovery | undefined {
  const recovered = attempts.flatMap((attempt) => (attempt.recovered ? [attempt.recovered] : []));
  const rank = (r: Recovery): number[] => [Number(r.wellFormed), r.pages, r.characters];
  return recovered.reduce<Recovery | undefined>((best, candidate) => {
    if (!best) return candidate;
    const [a, b] = [rank(candidate), rank(best)];
    const first = a.findIndex((value, i) => value !== b[i]);
    return first >= 0 && a[first] > b[first] ? candidate : best;
  }, undefined);
}

/** One attempt in words for the X-Repair-Attempts header, e.g. 'MuPDF: 3 pages, 1204 characters' or 'qpdf: nothing'. */
export function describeAttempt(attempt: Attempt): string {
  const { recovered } = attempt;
  if (!recovered) return `${attempt.name}: nothing`;
  return `${attempt.name}: ${recovered.pages} ${recovered.pages === 1 ? 'page' : 'pages'}, ${recovered.characters} characters${recovered.wellFormed ? '' : ', not well-formed'}`;
}
