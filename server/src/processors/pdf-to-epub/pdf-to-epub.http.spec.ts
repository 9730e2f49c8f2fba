import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pdfToEpubTool, pipelineTool } from '@folio/registry';
import { ebookMeta, epubSpineTexts, kindleText, zipEntryNames } from '../../../test/support/ebooks';
import { postTool, type ToolResponse } from '../../../test/support/http';
import { flatOdt, officeFixture } from '../../../test/support/office-fixtures';
import { encryptPdf, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(240_000);

/**
 * Three chapters written by reportlab, each on a page of its own under a
 * "Chapter n" heading; a paragraph of chapter 1 mentions "chapter 3" mid-line,
 * which must not start a chapter.
 */
function reportlabNovel(): Buffer {
  const script = `
import sys
from reportlab.pdfgen import canvas
c = canvas.Canvas(sys.argv[1])
c.setTitle("Lighthouse Novel"); c.setAuthor("Asha")
words = {1: "Gulls circled the lighthouse", 2: "Thunder rolled over the hills", 3: "Everyone came home at last"}
for n in (1, 2, 3):
    c.setFont("Helvetica-Bold", 22); c.drawString(72, 740, "Chapter %d" % n)
    c.setFont("Helvetica", 11)
    c.drawString(72, 700, "%s, said the keeper." % words[n])
    if n == 1: c.drawString(72, 680, "We return to this in chapter 3 of the story.")
    c.drawString(72, 660, "End of part %d." % n)
    c.showPage()
c.save()
`;
  return withTempDir((dir) => {
    execFileSync('/usr/bin/python3', ['-c', script, join(dir, 'novel.pdf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    return readFileSync(join(dir, 'novel.pdf'));
  });
}

/** The LaTeX field report kept in the text corpus, as pdflatex wrote it. */
const LATEX_REPORT = join(__dirname, '../../../test/corpus/latex/field-report.pdf');

/** The words appear in this order. */
function expectInOrder(text: string, words: readonly string[]): void {
  const positions = words.map((word) => text.indexOf(word));
  for (const [i, position] of positions.entries()) expect({ word: words[i], found: position >= 0 }).toEqual({ word: words[i], found: true });
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
}

const bookText = (epub: Buffer) =>
  epubSpineTexts(epub)
    .map(([, text]) => text)
    .join(' ');

describe('PDF to EPUB (/api/v1/convert/pdf/epub)', () => {
  const server = useTestServer();
  const convert = (name: string, content: Buffer, fields: Record<string, string | boolean> = {}): Promise<ToolResponse> =>
    postTool(server, pdfToEpubTool.endpoint, [{ name, content }], fields);
  const novel = reportlabNovel();

  it('makes an EPUB of a reportlab PDF: text in order, a new chapter file at each "Chapter n" heading', async () => {
    const res = await convert('novel.pdf', novel);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/epub+zip');
    expect(res.fileName).toBe('novel_convertedToEPUB.epub');
    expect(zipEntryNames(res.body)[0]).toBe('mimetype');
    expect(ebookMeta(res.body, '.epub')).toMatchObject({ Title: 'Lighthouse Novel', 'Author(s)': 'Asha' });
    const spine = epubSpineTexts(res.body);
    expectInOrder(spine.map(([, text]) => text).join(' '), [
      'Chapter 1',
      'Gulls circled the lighthouse',
      'in chapter 3 of the story',
      'Chapter 2',
      'Thunder rolled',
      'Chapter 3',
      'Everyone came home',
    ]);
    // Each heading opens a file of its own; the mid-sentence "chapter 3" does not.
    const opening = spine.map(([, text]) => text).filter((text) => /^Chapter \d/.test(text));
    expect(opening.map((text) => text.slice(0, 9))).toEqual(['Chapter 1', 'Chapter 2', 'Chapter 3']);
    expect(spine.some(([, text]) => text.startsWith('We return'))).toBe(false);
  });

  it('keeps the chapters in one flow when detectChapters is false', async () => {
    const res = await convert('novel.pdf', novel, { detectChapters: false });
    expect(res.status).toBe(200);
    const opening = epubSpineTexts(res.body).filter(([, text]) => /^Chapter \d/.test(text));
    expect(opening.length).toBeLessThan(3);
    expectInOrder(bookText(res.body), ['Chapter 1', 'Gulls circled', 'Chapter 2', 'Thunder rolled', 'Chapter 3', 'Everyone came home']);
  });

  it('makes an AZW3 for a Kindle e-reader', async () => {
    const res = await convert('novel.pdf', novel, { outputFormat: 'AZW3', targetDevice: 'KINDLE_EINK_TEXT' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.amazon.ebook');
    expect(res.fileName).toBe('novel_convertedToAZW3.azw3');
    expect(res.body.subarray(60, 68).toString('latin1')).toBe('BOOKMOBI');
    expect(ebookMeta(res.body, '.azw3')).toMatchObject({ Title: 'Lighthouse Novel' });
    expectInOrder(kindleText(res.body, '.azw3').replace(/\s+/g, ' '), ['Chapter 1', 'Gulls circled', 'Chapter 2', 'Thunder rolled', 'Chapter 3']);
  });

  it('converts PDFs LibreOffice and pdfTeX wrote', async () => {
    const office = await officeFixture(flatOdt(['Minutes of the harbour board', 'Second page: budget for lanterns']), '.fodt', 'writer_pdf_Export', '.pdf');
    const fromOffice = await convert('minutes.pdf', office);
    expect(fromOffice.status).toBe(200);
    expectInOrder(bookText(fromOffice.body), ['Minutes of the harbour board', 'budget for lanterns']);

    const fromLatex = await convert('field-report.pdf', readFileSync(LATEX_REPORT));
    expect(fromLatex.status).toBe(200);
    expectInOrder(bookText(fromLatex.body), ['Field Station Report', 'Northern Valleys Monitoring Network', 'Rainfall and Runoff']);
  });

  it('runs as a pipeline step after a PDF step', async () => {
    const definition = {
      name: 'rotate then e-book',
      pipeline: [
        { operation: '/api/v1/general/rotate-pdf', parameters: { angle: 90 } },
        { operation: pdfToEpubTool.endpoint, parameters: { outputFormat: 'EPUB' } },
      ],
    };
    const res = await postTool(server, pipelineTool.endpoint, [{ name: 'novel.pdf', content: novel }], { json: JSON.stringify(definition) });
    expect(res.status).toBe(200);
    expect(zipEntryNames(res.body)[0]).toBe('mimetype');
    // Turned pages are read as their lines run; every line is there.
    for (const line of ['Chapter 1', 'Gulls circled the lighthouse', 'Chapter 3', 'Everyone came home']) expect(bookText(res.body)).toContain(line);
  });

  describe('refuses', () => {
    it('option values other than the reference enum constants, naming the field', async () => {
      const device = await convert('novel.pdf', novel, { targetDevice: 'kindle' });
      expect(device.status).toBe(400);
      expect(device.json.detail).toContain('Target device must be TABLET_PHONE_IMAGES or KINDLE_EINK_TEXT.');
      const format = await convert('novel.pdf', novel, { outputFormat: 'MOBI' });
      expect(format.status).toBe(400);
      expect(format.json.detail).toContain('Output format must be EPUB or AZW3.');
    });

    it('a file that is not a PDF, whatever its name, and a PDF locked with a user password', async () => {
      const text = await convert('novel.pdf', Buffer.from('Chapter 1\nNot a PDF at all.\n'));
      expect(text.status).toBe(400);
      expect(text.json.detail).toBe('Please upload a PDF file.');
      const locked = await convert('locked.pdf', encryptPdf(novel, 'secret'));
      expect(locked.status).toBe(400);
      expect(locked.json.type).toBe('/errors/pdf-password');
    });
  });
});
