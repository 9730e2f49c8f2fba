import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Documents with known text from producers other than Folio (text-corpus.py:
 * ReportLab frames and ruled tables, LibreOffice Writer sections, DOCX exported
 * by LibreOffice with and without justification and hyphenation, Chromium CSS
 * columns, groff -ms in two columns justified and ragged, LaTeX twocolumn, a scan without a text layer), for the text
 * converters' tests and the text-extraction bench. Built on first use and kept in the temporary
 * folder under the generator's hash, so later runs reuse them; the LaTeX one is
 * kept in latex/ as pdflatex made it (texlive is not in the test set-up).
 */

const GENERATOR = resolve(__dirname, 'text-corpus.py');
/** Documents kept in the repository as their producer made them: name → file stem (beside it, its known text as JSON). */
const KEPT: Partial<Record<TextCorpusName, string>> = { 'latex-two-column': resolve(__dirname, 'latex/field-report') };

export const TEXT_CORPUS = [
  'reportlab-two-frame',
  'reportlab-ruled-table',
  'writer-two-column',
  'docx-justified-hyphenated',
  'docx-ragged',
  'chromium-columns',
  'groff-two-column',
  'groff-ragged',
  'latex-two-column',
  'scan',
] as const;

export type TextCorpusName = (typeof TEXT_CORPUS)[number];

/** What a corpus document says, in reading order. */
export interface KnownText {
  producer: string;
  /** Body paragraphs, each as one line of text (no soft hyphens). */
  paragraphs: string[];
  headings: string[];
  /** Each table's rows of cell texts, header row first. */
  tables: string[][][];
}

export interface TextCorpusDocument extends KnownText {
  name: TextCorpusName;
  /** The PDF on disk (in the shared cache: read it, never change it). */
  path: string;
  pdf: Buffer;
}

/** The cache folder: one per version of the generator. */
export function textCorpusFolder(): string {
  const hash = createHash('sha256').update(readFileSync(GENERATOR)).digest('hex').slice(0, 12);
  return join(tmpdir(), `folio-text-corpus-${hash}`);
}

/** A corpus document with its known text (built when missing). */
export function textCorpusDocument(name: TextCorpusName): TextCorpusDocument {
  const kept = KEPT[name];
  if (kept) return { name, path: `${kept}.pdf`, pdf: readFileSync(`${kept}.pdf`), ...(JSON.parse(readFileSync(`${kept}.json`, 'utf8')) as KnownText) };
  const folder = textCorpusFolder();
  const path = join(folder, `${name}.pdf`);
  const truth = join(folder, `${name}.json`);
  if (!existsSync(path) || !existsSync(truth)) {
    // The generator writes the PDF under a temporary name and renames it, so a parallel test never reads half a file.
    execFileSync('/usr/bin/python3', [GENERATOR, folder, name], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 300_000 });
  }
  return { name, path, pdf: readFileSync(path), ...(JSON.parse(readFileSync(truth, 'utf8')) as KnownText) };
}

/**
 * Text as compared against the source: soft hyphens dropped, typographic
 * quotes and dashes made plain, whitespace collapsed.
 */
export function comparableText(text: string): string {
  return text
    .replace(/\u00ad/g, '')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010\u2011]/g, '-')
    .replace(/\\([\\`*_{}\[\]<>()#+\-.!|])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
