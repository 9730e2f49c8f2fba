import { execFileSync } from 'node:child_process';
import { ebookToPdfTool, pipelineTool } from '@folio/registry';
import { calibreEpub, handMadeEpub, handMadeFb2, kindleBook, zipWithPython, type Chapter } from '../../../test/support/ebooks';
import { postTool, type ToolResponse } from '../../../test/support/http';
import { flatOdt, officeFixture } from '../../../test/support/office-fixtures';
import { makePdf, outlineTitles, pageCount, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

jest.setTimeout(240_000);

const CHAPTERS: Chapter[] = [
  { title: 'The Harbour', paragraphs: ['Gulls circled the lighthouse at dawn.', 'Mira counted the boats twice.'] },
  { title: 'The Storm', paragraphs: ['Thunder rolled over the marmalade hills.'] },
  { title: 'The Return', paragraphs: ['Everyone came home before the xylophone concert.'] },
];

/** All the PDF's text on one line, in page order (Poppler's pdftotext). */
const allText = (pdf: Buffer) => pageTexts(pdf).join(' ').replace(/\s+/g, ' ');

/** The words appear in this order. */
function expectInOrder(text: string, words: readonly string[]): void {
  const positions = words.map((word) => text.indexOf(word));
  for (const [i, position] of positions.entries()) expect({ word: words[i], found: position >= 0 }).toEqual({ word: words[i], found: true });
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
}

function producer(pdf: Buffer): string {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return /^Producer:\s*(.*)$/m.exec(execFileSync('pdfinfo', [join(dir, 'x.pdf')], { encoding: 'utf8' }))?.[1] ?? '';
  });
}

describe('E-book to PDF (/api/v1/convert/ebook/pdf)', () => {
  const server = useTestServer();
  const convert = (
    name: string,
    content: Buffer,
    fields: Record<string, string | boolean> = {},
    contentType = 'application/octet-stream',
  ): Promise<ToolResponse> => postTool(server, ebookToPdfTool.endpoint, [{ name, content, contentType }], fields);
  const handMade = handMadeEpub('Harbour Tales', CHAPTERS);

  it('lays out an EPUB zipped by hand as PDF pages: the text in order, each chapter a bookmark', async () => {
    const res = await convert('Harbour Tales.epub', handMade, {}, 'application/epub+zip');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('Harbour Tales_convertedToPDF.pdf');
    expectInOrder(allText(res.body), [
      'The Harbour',
      'Gulls circled the lighthouse',
      'Mira counted',
      'The Storm',
      'Thunder rolled',
      'The Return',
      'xylophone concert',
    ]);
    expect(outlineTitles(res.body).map((entry) => entry.title)).toEqual(['The Harbour', 'The Storm', 'The Return']);
    // qpdf rewrote Calibre's PDF, as the reference re-saves it.
    expect(producer(res.body)).not.toBe('');
  });

  it('adds a table of contents page and page numbers when asked', async () => {
    const plain = await convert('tales.epub', handMade);
    const res = await convert('tales.epub', handMade, { includeTableOfContents: true, includePageNumbers: true });
    expect(res.status).toBe(200);
    expect(pageCount(res.body)).toBeGreaterThan(pageCount(plain.body));
    const pages = pageTexts(res.body);
    // The table of contents comes last: every chapter title with its page number.
    const contents = pages[pages.length - 1];
    for (const { title } of CHAPTERS) expect(contents).toMatch(new RegExp(`${title}\\s*\\.*\\s*\\d+`));
    // Each page of the book carries its number at the foot; the plain run has none.
    expect(pages[0]).toMatch(/\b1\s*$/);
    expect(pageTexts(plain.body)[0]).not.toMatch(/\b1\s*$/);
  });

  it('optimises for e-readers with Ghostscript when asked', async () => {
    const res = await convert('tales.epub', handMade, { optimizeForEbook: true, embedAllFonts: true });
    expect(res.status).toBe(200);
    expect(producer(res.body)).toMatch(/Ghostscript/);
    // The text can still be read (Ghostscript kept the fonts' Unicode maps).
    expectInOrder(allText(res.body), ['The Harbour', 'Gulls circled the lighthouse', 'The Storm', 'The Return']);
  });

  it('converts EPUBs Calibre wrote from Markdown and from HTML', async () => {
    const markdown = calibreEpub('# Prologue\n\nQuantum lighthouse harbour.\n\n# Epilogue\n\nPelican orchestra finale.\n', '.md', 'Markdown Book');
    const fromMarkdown = await convert('notes.epub', markdown);
    expect(fromMarkdown.status).toBe(200);
    expectInOrder(allText(fromMarkdown.body), ['Prologue', 'Quantum lighthouse harbour', 'Epilogue', 'Pelican orchestra finale']);

    const html = calibreEpub(
      '<html><body><h1>Atlas</h1><p>Copper kettles sing.</p><h1>Borealis</h1><p>Velvet snowfall.</p></body></html>',
      '.html',
      'HTML Book',
    );
    const fromHtml = await convert('atlas.epub', html);
    expect(fromHtml.status).toBe(200);
    expectInOrder(allText(fromHtml.body), ['Atlas', 'Copper kettles sing', 'Borealis', 'Velvet snowfall']);
  });

  it.each(['.mobi', '.azw3'] as const)('converts a %s book Calibre wrote from an EPUB', async (extension) => {
    const res = await convert(`tales${extension}`, kindleBook(handMade, extension));
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('tales_convertedToPDF.pdf');
    expectInOrder(allText(res.body), ['The Harbour', 'Gulls circled', 'The Storm', 'The Return', 'xylophone concert']);
  });

  it('converts a FictionBook written by hand, a text file and a DOCX from LibreOffice', async () => {
    const fb2 = await convert('saga.fb2', handMadeFb2('Saga', CHAPTERS));
    expect(fb2.status).toBe(200);
    // Calibre opens a FictionBook with its own contents list of the section titles; the sections follow in order.
    expectInOrder(allText(fb2.body), ['Gulls circled', 'Mira counted', 'Thunder rolled', 'xylophone concert']);
    for (const { title } of CHAPTERS) expect(allText(fb2.body)).toContain(title);

    const txt = await convert('plain.txt', Buffer.from('Walrus symphony begins.\n\nThe second paragraph follows.\n'), {}, 'text/plain');
    expect(txt.status).toBe(200);
    expectInOrder(allText(txt.body), ['Walrus symphony begins', 'second paragraph follows']);

    const docx = await officeFixture(flatOdt(['Ledger of tangerines', 'Second page of ledgers']), '.fodt', 'MS Word 2007 XML', '.docx');
    const word = await convert('ledger.docx', docx);
    expect(word.status).toBe(200);
    expectInOrder(allText(word.body), ['Ledger of tangerines', 'Second page of ledgers']);
  });

  it('runs as a pipeline step, the PDF going on to the next step', async () => {
    const definition = {
      name: 'book to rotated PDF',
      pipeline: [
        { operation: ebookToPdfTool.endpoint, parameters: { includePageNumbers: true } },
        { operation: '/api/v1/general/rotate-pdf', parameters: { angle: 90 } },
      ],
    };
    const res = await postTool(server, pipelineTool.endpoint, [{ name: 'tales.epub', content: handMade, contentType: 'application/epub+zip' }], {
      json: JSON.stringify(definition),
    });
    expect(res.status).toBe(200);
    const rotation = execFileSync('pdfinfo', ['-l', '1', '-'], { input: res.body, encoding: 'utf8' });
    expect(rotation).toMatch(/Page\s+1 rot:\s+90/);
    expectInOrder(allText(res.body), ['The Harbour', 'The Storm']);
  });

  describe('refuses what it cannot convert, naming it', () => {
    it('a ZIP named .epub without the EPUB mimetype', async () => {
      const res = await convert('fake.epub', zipWithPython([['readme.txt', 'not a book']]));
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('"fake.epub" is not a valid EPUB file: an EPUB is a ZIP whose "mimetype" entry says application/epub+zip.');
    });

    it('text named .mobi, and a PDF named .azw3', async () => {
      const text = await convert('story.mobi', Buffer.from('just some words'));
      expect(text.status).toBe(400);
      expect(text.json.detail).toContain('"story.mobi" is not a valid MOBI file');
      const pdf = await convert('story.azw3', await makePdf(1));
      expect(pdf.status).toBe(400);
    });

    it('an FB2 that is not FictionBook XML', async () => {
      const res = await convert('book.fb2', Buffer.from('<?xml version="1.0"?><html><body>Hello</body></html>'));
      expect(res.status).toBe(400);
      expect(res.json.detail).toContain('is not a valid FictionBook (FB2) file');
    });

    it('a name outside the list (a PDF, a comic book) with the declared message', async () => {
      for (const name of ['book.pdf', 'comic.cbz']) {
        const res = await convert(name, handMade);
        expect(res.status).toBe(400);
        expect(res.json.detail).toBe('Please upload an e-book: EPUB, MOBI, AZW3, FB2, TXT or DOCX.');
      }
    });

    it('no file at all', async () => {
      const res = await postTool(server, ebookToPdfTool.endpoint, []);
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('Please upload an e-book: EPUB, MOBI, AZW3, FB2, TXT or DOCX.');
    });

    it('a damaged EPUB (its content files cut off) as a 400, not a crash', async () => {
      const res = await convert('broken.epub', handMade.subarray(0, Math.floor(handMade.length * 0.6)));
      expect(res.status).toBe(400);
    });
  });
});
