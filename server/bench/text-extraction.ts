import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

/**
 * Text extraction quality on the text corpus (server/test/corpus/text-corpus.py:
 * ReportLab frames and ruled tables, LibreOffice Writer sections, DOCX exported
 * by LibreOffice, Chromium columns, groff -ms two columns; and the LaTeX twocolumn article kept in
 * server/test/corpus/latex/ as pdflatex made it), each with its known text. Ours (PDF to
 * Markdown and PDF to CSV through the API, and PDF to XML's paragraphs) beside LibreOffice's PDF import
 * (the reference's engine, saved as flat XML as the reference's PDF to XML does) and `pdftotext -layout`:
 * - paragraph integrity: share of source paragraphs found whole, in order;
 * - fake tables: tables where the source has none;
 * - cell accuracy: share of the source tables' cells (header included) read right;
 * - reading order: share of neighbouring source paragraphs whose openings come in order;
 * - time per page.
 */

const REPO = resolve(__dirname, '../..');
/** The tests' generator, run by path: the bench compiles only its own folder. */
const GENERATOR = join(REPO, 'server/test/corpus/text-corpus.py');
const GENERATED = [
  'reportlab-two-frame',
  'reportlab-ruled-table',
  'writer-two-column',
  'docx-justified-hyphenated',
  'docx-ragged',
  'chromium-columns',
  'groff-two-column',
  'groff-ragged',
];
/** Documents kept in the repository (texlive is not in the set-up): name → file stem, the PDF and its known text as JSON beside it. */
const KEPT: Record<string, string> = { 'latex-two-column': join(REPO, 'server/test/corpus/latex/field-report') };
const DOCUMENTS = [...GENERATED, ...Object.keys(KEPT)];

interface KnownText {
  producer: string;
  paragraphs: string[];
  tables: string[][][];
}

export interface TextRow {
  document: string;
  producer: string;
  pages: number;
  extractor: 'Folio' | 'Folio XML' | 'LibreOffice import' | 'pdftotext -layout';
  paragraphIntegrity: number;
  fakeTables: number;
  /** Undefined where the extractor gives no tables at all (and the source has none). */
  cellAccuracy?: number;
  readingOrder: number;
  msPerPage: number;
}

const comparable = (text: string) =>
  text
    .replace(/\u00ad/g, '')
    .replace(/[\u2010\u2011]/g, '-')
    .replace(/\\([\\`*_{}[\]<>()#+\-.!|])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

/** Longest run of increasing positions: the paragraphs found whole and in order. */
function inOrder(positions: number[]): number {
  const tails: number[] = [];
  for (const p of positions.filter((p) => p >= 0)) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid] < p) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = p;
  }
  return tails.length;
}

function scores(known: KnownText, paragraphs: string[], tables: string[][][]) {
  const found = paragraphs.map(comparable);
  const integrity = inOrder(known.paragraphs.map((p) => found.indexOf(comparable(p)))) / known.paragraphs.length;
  const all = found.join(' ');
  const openings = known.paragraphs.map((p) => all.indexOf(comparable(p).split(' ').slice(0, 8).join(' ')));
  let ordered = 0;
  for (let i = 1; i < openings.length; i++) if (openings[i - 1] >= 0 && openings[i] > openings[i - 1]) ordered++;
  const cells = known.tables.flat(2).length;
  let right = 0;
  known.tables.forEach((table, t) => table.forEach((row, r) => row.forEach((cell, c) => (right += comparable(tables[t]?.[r]?.[c] ?? '') === cell ? 1 : 0))));
  return {
    paragraphIntegrity: round(integrity),
    fakeTables: Math.max(0, tables.length - known.tables.length),
    cellAccuracy: cells > 0 ? round(right / cells) : undefined,
    readingOrder: round(openings.length > 1 ? ordered / (openings.length - 1) : 1),
  };
}

const round = (n: number) => Math.round(n * 1000) / 1000;

async function post(api: string, endpoint: string, pdf: Buffer, fields: Record<string, string> = {}): Promise<Buffer> {
  const form = new FormData();
  form.append('fileInput', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'document.pdf');
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${api}${endpoint}`, { method: 'POST', body: form });
      return Buffer.from(await res.arrayBuffer());
    } catch (error) {
      // A connection the server dropped while the machine was busy: once more, then give up.
      if (attempt >= 2) throw error;
      await new Promise((done) => setTimeout(done, 2000));
    }
  }
}

function markdownParts(markdown: string): { paragraphs: string[]; tables: string[][][] } {
  const blocks = markdown.trim().split(/\n{2,}/);
  const tables = blocks
    .filter((b) => b.startsWith('|'))
    .map((b) =>
      b
        .split('\n')
        .filter((l) => !/^\|( --- \|)+$/.test(l))
        .map((l) => l.slice(2, -2).split(' | ')),
    );
  return { paragraphs: blocks.filter((b) => !b.startsWith('|')), tables };
}

const csvRows = (csv: string) =>
  csv
    .trim()
    .split('\r\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1].replace(/""/g, '"')));

/** Our tables as PDF to CSV gives them (one CSV, or a ZIP of several, read with unzip). */
function csvTables(answer: Buffer, dir: string): string[][][] {
  if (answer.length === 0) return [];
  if (answer.subarray(0, 2).toString() !== 'PK') return [csvRows(answer.toString('utf8'))];
  const folder = join(dir, `csv-${Date.now()}`);
  mkdirSync(folder);
  writeFileSync(`${folder}.zip`, answer);
  execFileSync('unzip', ['-q', '-d', folder, `${folder}.zip`]);
  const names = readdirSync(folder).sort((a, b) => {
    const key = (n: string) => /_p(\d+)_t(\d+)\.csv$/.exec(n)!.slice(1).map(Number);
    const [pa, ta] = key(a);
    const [pb, tb] = key(b);
    return pa - pb || ta - tb;
  });
  return names.map((name) => csvRows(readFileSync(join(folder, name), 'utf8')));
}

/**
 * The text of LibreOffice's import, saved as flat XML (what the reference's PDF to XML answers; ours reads the same way):
 * each <text:p> (one per text frame, in the order it wrote them) as a paragraph.
 * Saved as plain text instead it comes out empty, the frames being left out.
 */
function officeParagraphs(xml: string): string[] {
  const body = xml.slice(xml.indexOf('<office:body>'));
  return [...body.matchAll(/<text:p[^>]*>([\s\S]*?)<\/text:p>/g)].map((m) =>
    m[1]
      .replace(/<text:s(?: text:c="(\d+)")?\/>/g, (_, n) => ' '.repeat(Number(n ?? 1)))
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

function timed<T>(work: () => T): { result: T; ms: number } {
  const started = process.hrtime.bigint();
  const result = work();
  return { result, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

export async function benchTextExtraction(api: string, dir: string): Promise<TextRow[]> {
  const corpus = join(dir, 'text-corpus');
  if (!existsSync(join(corpus, `${GENERATED[GENERATED.length - 1]}.json`)))
    execFileSync('/usr/bin/python3', [GENERATOR, corpus, ...GENERATED], { stdio: 'ignore' });
  const profile = join(dir, 'lo-profile');
  const office = (pdf: string, out: string) =>
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        '--norestore',
        '--infilter=writer_pdf_import',
        '--convert-to',
        'xml:OpenDocument Text Flat XML',
        '--outdir',
        out,
        pdf,
      ],
      { stdio: 'ignore' },
    );
  // One conversion to warm LibreOffice's profile, so its times are of the import alone, not the first start.
  office(join(corpus, `${GENERATED[1]}.pdf`), join(dir, 'lo-warm'));
  const rows: TextRow[] = [];
  for (const document of DOCUMENTS) {
    const stem = KEPT[document] ?? join(corpus, document);
    const path = `${stem}.pdf`;
    const known = JSON.parse(readFileSync(`${stem}.json`, 'utf8')) as KnownText;
    const pdf = readFileSync(path);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path]).toString())![1]);
    const base = { document, producer: known.producer, pages };

    const started = Date.now();
    const markdown = (await post(api, '/api/v1/convert/pdf/markdown', pdf)).toString('utf8');
    const oursMs = Date.now() - started;
    const ours = markdownParts(markdown);
    const csv = await post(api, '/api/v1/convert/pdf/csv', pdf, { pageNumbers: 'all' });
    const ourScores = scores(known, ours.paragraphs, known.tables.length > 0 ? csvTables(csv, dir) : ours.tables);
    rows.push({
      ...base,
      extractor: 'Folio',
      ...ourScores,
      fakeTables: Math.max(0, ours.tables.length - known.tables.length),
      msPerPage: Math.round(oursMs / pages),
    });

    const xmlStarted = Date.now();
    const xml = (await post(api, '/api/v1/convert/pdf/xml', pdf)).toString('utf8');
    const xmlMs = Date.now() - xmlStarted;
    const xmlTables = (xml.match(/<table:table /g) ?? []).length;
    rows.push({
      ...base,
      extractor: 'Folio XML',
      ...scores(known, officeParagraphs(xml), []),
      fakeTables: Math.max(0, xmlTables - known.tables.length),
      msPerPage: Math.round(xmlMs / pages),
    });

    const out = join(dir, `lo-${document}`);
    const lo = timed(() => office(path, out));
    rows.push({
      ...base,
      extractor: 'LibreOffice import',
      ...scores(known, officeParagraphs(readFileSync(join(out, `${basename(stem)}.xml`), 'utf8')), []),
      msPerPage: Math.round(lo.ms / pages),
    });
    reportXmlTime(document, pages, xmlMs, lo.ms);

    const layout = timed(() => execFileSync('pdftotext', ['-layout', path, '-']).toString('utf8'));
    const layoutParagraphs = layout.result.split(/\n\s*\n/).map((block) => block.split('\n').join(' '));
    rows.push({ ...base, extractor: 'pdftotext -layout', ...scores(known, layoutParagraphs, []), msPerPage: Math.round(layout.ms / pages) });
    console.log(rows.slice(-4));
  }
  return rows;
}

/**
 * PDF to XML was LibreOffice's import (16–36 s for the 16-page report, issue 30):
 * written from our own layout it should take no longer than the import does, and
 * at most XML_MS_PER_PAGE a page. A miss is reported, not thrown: one noisy
 * timing must not cost the rest of the bench.
 */
const XML_MS_PER_PAGE = 1000;

function reportXmlTime(document: string, pages: number, xmlMs: number, officeMs: number): void {
  if (xmlMs > officeMs || xmlMs > XML_MS_PER_PAGE * pages) {
    console.warn(
      `Goal missed: PDF to XML took ${xmlMs} ms for the ${pages} pages of ${document} (LibreOffice's import: ${Math.round(officeMs)} ms; goal ${XML_MS_PER_PAGE} ms a page and no slower).`,
    );
  }
}

export function textExtractionMarkdown(rows: readonly TextRow[]): string {
  const cell = (value: number | undefined) => (value === undefined ? '—' : String(value));
  return [
    '## Text extraction quality (issue 30)',
    '',
    'Corpus: server/test/corpus/text-corpus.py and latex/ (a pdflatex twocolumn article, kept as pdflatex made it), each document',
    'with its known text. Paragraph integrity: share of source',
    'paragraphs found whole and in order; fake tables: tables where the source has none; cell accuracy: share of the source',
    "tables' cells (header row included) read right, ours through PDF to CSV; reading order: share of neighbouring source",
    "paragraphs whose openings come in order. Ours is PDF to Markdown through the API (Folio XML: PDF to XML's `text:p`s); LibreOffice's PDF import is saved as",
    "flat XML (one paragraph per text frame, as the reference's PDF to XML answers). Goals: integrity ≥ 0.95 on every producer, 0 fake tables, cell accuracy ≥ 0.98.",
    '',
    '| Document | Producer | Pages | Extractor | Paragraph integrity | Fake tables | Cell accuracy | Reading order | ms per page |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.document} | ${r.producer} | ${r.pages} | ${r.extractor} | ${r.paragraphIntegrity} | ${r.fakeTables} | ${cell(r.cellAccuracy)} | ${r.readingOrder} | ${r.msPerPage} |`,
    ),
  ].join('\n');
}
