import AdmZip from 'adm-zip';
import { PDFDocument } from 'pdf-lib';
import { defaultsOf, pdfToCsvTool, pdfToMarkdownTool, pdfToRtfTool, pdfToWordTool } from '@folio/registry';
import { postTool } from '../support/http';
import { useTestServer } from '../support/test-server';
import { comparableText, textCorpusDocument, type TextCorpusName } from './text-corpus';

/**
 * The text converters on documents other producers made (issue 30), read back
 * with independent readers: the Markdown text, the XML inside the DOCX, the
 * CSV cells. Every source paragraph must come out whole and in order, and
 * tables only where the source has them, with every cell right.
 */

jest.setTimeout(240_000);

/** Markdown's blocks: paragraphs as comparable text, tables as rows of cells. */
function markdownBlocks(markdown: string): { paragraphs: string[]; tables: string[][][] } {
  const blocks = markdown.trim().split(/\n{2,}/);
  const tables = blocks
    .filter((block) => block.startsWith('|'))
    .map((block) =>
      block
        .split('\n')
        .filter((line) => !/^\|( --- \|)+$/.test(line))
        .map((line) => line.slice(2, -2).split(' | ').map(comparableText)),
    );
  return { paragraphs: blocks.filter((block) => !block.startsWith('|')).map(comparableText), tables };
}

/** Where each source paragraph stands among `found` (-1: not found whole). */
const positions = (source: readonly string[], found: readonly string[]) => source.map((paragraph) => found.indexOf(comparableText(paragraph)));

/** The body paragraphs and the number of tables in a DOCX, read from word/document.xml. */
function docxContent(docx: Buffer): { paragraphs: string[]; tables: number } {
  const xml = new AdmZip(docx).readAsText('word/document.xml');
  const paragraphs = (xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []).map((p) =>
    comparableText([...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('')),
  );
  return { paragraphs, tables: (xml.match(/<w:tbl>/g) ?? []).length };
}

/** A CSV file's cells (every field quoted, as PDF to CSV writes them). */
const csvCells = (csv: string) =>
  csv
    .trim()
    .split('\r\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1].replace(/""/g, '"')));

describe('text converters on documents from other producers', () => {
  const server = useTestServer();
  const post = (endpoint: string, name: TextCorpusName, fields: Record<string, string | boolean> = {}) =>
    postTool(server, endpoint, [{ name: `${name}.pdf`, content: textCorpusDocument(name).pdf }], fields);

  describe('ReportLab report in two justified frames, with ruled tables (16 pages)', () => {
    const report = () => textCorpusDocument('reportlab-two-frame');

    it('Markdown: every paragraph whole and in order, across column and page breaks; only the three real tables, every cell right', async () => {
      const res = await post(pdfToMarkdownTool.endpoint, 'reportlab-two-frame');
      expect(res.status).toBe(200);
      const { paragraphs, tables } = markdownBlocks(res.body.toString('utf8'));
      const at = positions(report().paragraphs, paragraphs);
      expect(at.filter((index) => index < 0)).toHaveLength(0);
      expect(at).toEqual([...at].sort((a, b) => a - b));
      expect(tables).toEqual(report().tables);
    });

    it('Word, layout kept and not: three tables in word/document.xml, every paragraph whole', async () => {
      for (const preserveLayout of [false, true]) {
        const res = await post(pdfToWordTool.endpoint, 'reportlab-two-frame', { preserveLayout });
        expect(res.status).toBe(200);
        const { paragraphs, tables } = docxContent(res.body);
        expect(tables).toBe(3);
        expect(positions(report().paragraphs, paragraphs).filter((index) => index < 0)).toHaveLength(0);
      }
    });

    it('Text: every paragraph is one line of its own', async () => {
      const res = await post(pdfToRtfTool.endpoint, 'reportlab-two-frame', { outputFormat: 'txt' });
      const lines = res.body.toString('utf8').split('\n').map(comparableText);
      expect(positions(report().paragraphs, lines).filter((index) => index < 0)).toHaveLength(0);
    });

    it('CSV of every page: the tables of pages 6, 11 and 14, header row included', async () => {
      const res = await post(pdfToCsvTool.endpoint, 'reportlab-two-frame', { pageNumbers: 'all' });
      expect(res.status).toBe(200);
      const entries = new AdmZip(res.body).getEntries();
      expect(entries.map((entry) => entry.entryName)).toEqual([
        'reportlab-two-frame_p6_t1.csv',
        'reportlab-two-frame_p11_t1.csv',
        'reportlab-two-frame_p14_t1.csv',
      ]);
      expect(entries.map((entry) => csvCells(entry.getData().toString('utf8')))).toEqual(report().tables);
    });
  });

  it('CSV: a ruled table with a dark-blue header row (white text) and striped rows reads like a plain one', async () => {
    const res = await post(pdfToCsvTool.endpoint, 'reportlab-ruled-table', { pageNumbers: '1' });
    expect(res.status).toBe(200);
    const entries = new AdmZip(res.body).getEntries();
    expect(entries.map((entry) => csvCells(entry.getData().toString('utf8')))).toEqual(textCorpusDocument('reportlab-ruled-table').tables);
  });

  // Ragged ones keep a paragraph whole where a line inside it happens to end a sentence well short of the edge (the
  // document's gap or first-line indent marks its paragraphs), and across a column break at a sentence end (groff's
  // next column opens without the indent).
  it.each(['writer-two-column', 'docx-justified-hyphenated', 'docx-ragged', 'chromium-columns', 'groff-two-column', 'groff-ragged'] as const)(
    'Markdown of %s: every paragraph whole, in order, hyphenated words mended, no tables',
    async (name) => {
      const res = await post(pdfToMarkdownTool.endpoint, name);
      const { paragraphs, tables } = markdownBlocks(res.body.toString('utf8'));
      const at = positions(textCorpusDocument(name).paragraphs, paragraphs);
      expect(at.filter((index) => index < 0)).toEqual([]);
      expect(at).toEqual([...at].sort((a, b) => a - b));
      expect(tables).toEqual([]);
    },
  );

  describe('LaTeX twocolumn article (pdflatex, lmodern; justified, hyphenated by TeX, ligatures, a ruled tabular; 5 pages)', () => {
    const article = () => textCorpusDocument('latex-two-column');

    it('Markdown: every paragraph whole and in order, ligatures and hyphenated words mended; only the real table, every cell right', async () => {
      const res = await post(pdfToMarkdownTool.endpoint, 'latex-two-column');
      expect(res.status).toBe(200);
      const { paragraphs, tables } = markdownBlocks(res.body.toString('utf8'));
      const at = positions(article().paragraphs, paragraphs);
      expect(at.filter((index) => index < 0)).toEqual([]);
      expect(at).toEqual([...at].sort((a, b) => a - b));
      expect(tables).toEqual(article().tables);
    });

    it('Word: every paragraph whole and in order in word/document.xml, the one table only', async () => {
      const res = await post(pdfToWordTool.endpoint, 'latex-two-column');
      expect(res.status).toBe(200);
      const { paragraphs, tables } = docxContent(res.body);
      const at = positions(article().paragraphs, paragraphs);
      expect(at.filter((index) => index < 0)).toEqual([]);
      expect(at).toEqual([...at].sort((a, b) => a - b));
      expect(tables).toBe(1);
    });

    it('CSV of every page: the tabular of page 3, header row included', async () => {
      const res = await post(pdfToCsvTool.endpoint, 'latex-two-column', { pageNumbers: 'all' });
      expect(res.status).toBe(200);
      expect(csvCells(res.body.toString('utf8'))).toEqual(article().tables[0]);
    });
  });

  describe('a scan without a text layer', () => {
    const sourceWords = () =>
      new Set(
        textCorpusDocument('scan')
          .paragraphs.join(' ')
          .toLowerCase()
          .match(/\p{L}+/gu),
      );

    it('Markdown and Text recognise its text (OCR) and say so', async () => {
      for (const [endpoint, fields] of [
        [pdfToMarkdownTool.endpoint, {}],
        [pdfToRtfTool.endpoint, { outputFormat: 'txt' }],
      ] as const) {
        const res = await post(endpoint, 'scan', fields);
        expect(res.status).toBe(200);
        expect(res.headers['x-folio-outcome']).toBe('recognised-text');
        const words =
          res.body
            .toString('utf8')
            .toLowerCase()
            .match(/\p{L}+/gu) ?? [];
        expect(words.length).toBeGreaterThan(200);
        expect(words.filter((word) => sourceWords().has(word)).length).toBeGreaterThan(words.length * 0.9);
      }
    });

    it('Word recognises it by default and says so; its text is in word/document.xml', async () => {
      const res = await post(pdfToWordTool.endpoint, 'scan');
      expect(res.status).toBe(200);
      expect(res.headers['x-folio-outcome']).toBe('recognised-text');
      const words =
        docxContent(res.body)
          .paragraphs.join(' ')
          .toLowerCase()
          .match(/\p{L}+/gu) ?? [];
      expect(words.filter((word) => sourceWords().has(word)).length).toBeGreaterThan(200);
    });

    it('a blank page is refused with the cause, not answered as an empty file', async () => {
      const doc = await PDFDocument.create();
      doc.addPage([300, 300]);
      const blank = Buffer.from(await doc.save());
      for (const [endpoint, fields] of [
        [pdfToMarkdownTool.endpoint, {}],
        [pdfToRtfTool.endpoint, { outputFormat: 'rtf' }],
        [pdfToWordTool.endpoint, { recognizeText: false }],
      ] as const) {
        const res = await postTool(server, endpoint, [{ name: 'blank.pdf', content: blank }], fields);
        expect(res.status).toBe(400);
        expect(JSON.stringify(res.json)).toMatch(/No text found in this PDF/);
      }
    });
  });

  it("PDF to CSV: the page starts with every page, API clients keep the reference's page 1", async () => {
    expect(defaultsOf(pdfToCsvTool).pageNumbers).toBe('all');
    expect((pdfToCsvTool.fields.pageNumbers as { apiOnly?: boolean }).apiOnly).toBeUndefined();
    expect((await post(pdfToCsvTool.endpoint, 'reportlab-two-frame')).status).toBe(204);
  });
});
