import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pdfToXmlTool } from '@folio/registry';
import { comparableText, textCorpusDocument } from '../../../test/corpus/text-corpus';
import { postTool } from '../../../test/support/http';
import { LAYOUT_TEXT, makeLayoutPdf } from '../../../test/support/layout-pdfs';
import { officeFixture } from '../../../test/support/office-fixtures';
import { CORRUPT_PDF, makePdf, outlineTitles, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(240_000);

/**
 * The flat OpenDocument XML read by libxml2 (lxml, the parser behind
 * `xmllint --noout`: a malformed file raises), namespace-aware, so it reads
 * what any ODF consumer would: the root, the headings (`text:h`), the
 * paragraphs outside tables, the tables' cells row by row, the lists' items,
 * and the frames (LibreOffice's PDF import puts every line in one).
 */
const ODF_READER = `
import json, sys
from lxml import etree
NS = {'office': 'urn:oasis:names:tc:opendocument:xmlns:office:1.0', 'text': 'urn:oasis:names:tc:opendocument:xmlns:text:1.0',
      'table': 'urn:oasis:names:tc:opendocument:xmlns:table:1.0', 'draw': 'urn:oasis:names:tc:opendocument:xmlns:drawing:1.0'}
T = '{%s}' % NS['text']
def content(el):
    out = [el.text or '']
    for child in el:
        if child.tag == T + 's': out.append(' ' * int(child.get(T + 'c', '1')))
        elif child.tag == T + 'tab': out.append('\\t')
        elif child.tag == T + 'line-break': out.append('\\n')
        elif child.tag != T + 'list': out.append(content(child))
        out.append(child.tail or '')
    return ''.join(out)
root = etree.parse(sys.stdin.buffer).getroot()
body = root.find('office:body/office:text', NS)
find = lambda el, path: el.xpath(path, namespaces=NS)
print(json.dumps({
    'root': root.tag,
    'mimetype': root.get('{%s}mimetype' % NS['office']),
    'headings': [content(h) for h in find(body, './/text:h')],
    'paragraphs': [content(p) for p in find(body, './/text:p[not(ancestor::table:table) and not(ancestor::text:list)]')],
    'tables': [[[content(c) for c in find(r, 'table:table-cell')] for r in find(t, './/table:table-row')] for t in find(body, './/table:table')],
    'headerRows': [[content(c) for c in find(h, './/table:table-cell')] for h in find(body, './/table:table-header-rows')],
    'lists': [[content(i) for i in find(l, 'text:list-item')] for l in find(body, './/text:list[not(ancestor::text:list)]')],
    'frames': len(find(body, './/draw:frame')),
}))
`;

interface OdfContent {
  root: string;
  mimetype: string;
  headings: string[];
  paragraphs: string[];
  tables: string[][][];
  headerRows: string[][];
  lists: string[][];
  frames: number;
}

function readOdf(xml: Buffer): OdfContent {
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', ODF_READER], { input: xml, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as OdfContent;
}

/** LibreOffice itself (its own command, a fresh profile) opening the `.xml` and saving it as PDF. */
function officeReopened(xml: Buffer): Buffer {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'document.xml'), xml);
    execFileSync(
      'soffice',
      [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', dir, join(dir, 'document.xml')],
      {
        stdio: 'ignore',
        timeout: 180_000,
      },
    );
    return readFileSync(join(dir, 'document.pdf'));
  });
}

/** Where each source paragraph stands among `found` (-1: not found whole). */
const positions = (source: readonly string[], found: readonly string[]) => {
  const comparable = found.map(comparableText);
  return source.map((paragraph) => comparable.indexOf(comparableText(paragraph)));
};

/**
 * A small well-formedness check: every start tag closed by the matching end tag
 * in order, one root, nothing but whitespace outside it. Enough to catch a
 * truncated or mangled answer without an XML library.
 */
function assertWellFormed(xml: string): void {
  const stack: string[] = [];
  let roots = 0;
  let i = xml.startsWith('<?xml') ? xml.indexOf('?>') + 2 : 0;
  while (i < xml.length) {
    const open = xml.indexOf('<', i);
    if (open < 0) {
      if (xml.slice(i).trim() !== '' && stack.length === 0) throw new Error('text after the root element');
      break;
    }
    if (stack.length === 0 && xml.slice(i, open).trim() !== '') throw new Error('text outside the root element');
    if (xml.startsWith('<!--', open)) {
      i = xml.indexOf('-->', open) + 3;
      continue;
    }
    if (xml.startsWith('<![CDATA[', open)) {
      i = xml.indexOf(']]>', open) + 3;
      continue;
    }
    const close = xml.indexOf('>', open);
    if (close < 0) throw new Error('unterminated tag');
    const tag = xml.slice(open + 1, close);
    const name = tag.replace(/^\//, '').split(/[\s/]/)[0];
    if (tag.startsWith('/')) {
      const expected = stack.pop();
      if (expected !== name) throw new Error(`</${name}> closes <${expected}>`);
    } else if (!tag.endsWith('/')) {
      if (stack.length === 0) roots++;
      stack.push(name);
    } else if (stack.length === 0) roots++;
    i = close + 1;
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join('>, <')}>`);
  if (roots !== 1) throw new Error(`${roots} root elements`);
}

describe('PDF to XML (/api/v1/convert/pdf/xml)', () => {
  const server = useTestServer();

  it('answers well-formed UTF-8 XML holding every page text', async () => {
    const pdf = await makePdf(2, { label: 'Minutes' });
    const res = await postTool(server, pdfToXmlTool.endpoint, [{ name: 'minutes.pdf', content: pdf }]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('minutes.xml');
    const xml = new TextDecoder('utf-8', { fatal: true }).decode(res.body);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    assertWellFormed(xml);
    const text = xml.replace(/<[^>]+>/g, '');
    expect(text).toContain('Minutes page 1');
    expect(text).toContain('Minutes page 2');

    // The office suite reads it back as a document with the same text.
    const back = await officeFixture(res.body, '.fodt', 'writer_pdf_Export', '.pdf');
    const backText = pageTexts(back).join('\n');
    expect(backText).toContain('Minutes page 1');
    expect(backText).toContain('Minutes page 2');
  });

  describe('a ReportLab report in two justified frames (16 pages, three ruled tables)', () => {
    const report = () => textCorpusDocument('reportlab-two-frame');
    let answer: Promise<Buffer> | undefined;
    const reportXml = () =>
      (answer ??= postTool(server, pdfToXmlTool.endpoint, [{ name: 'report.pdf', content: report().pdf }]).then((res) => {
        expect(res.status).toBe(200);
        return res.body;
      }));

    it('is flat OpenDocument text: every paragraph whole and in order, headings as headings, its tables with header rows, no frame per line', async () => {
      const odf = readOdf(await reportXml());
      expect(odf.root).toBe('{urn:oasis:names:tc:opendocument:xmlns:office:1.0}document');
      expect(odf.mimetype).toBe('application/vnd.oasis.opendocument.text');
      const at = positions(report().paragraphs, odf.paragraphs);
      expect(at.filter((index) => index < 0)).toHaveLength(0);
      expect(at).toEqual([...at].sort((a, b) => a - b));
      expect(odf.paragraphs.length).toBeLessThan(report().paragraphs.length + 10);
      expect(odf.headings.map(comparableText)).toEqual(report().headings);
      expect(odf.tables.map((table) => table.map((row) => row.map(comparableText)))).toEqual(report().tables);
      expect(odf.headerRows.map((row) => row.map(comparableText))).toEqual(report().tables.map((table) => table[0]));
      expect(odf.frames).toBe(0);
    });

    it("LibreOffice opens it back: its headings become the PDF's bookmarks, and pdftotext shows every paragraph in order", async () => {
      const reopened = officeReopened(await reportXml());
      expect(outlineTitles(reopened).map((entry) => entry.title)).toEqual(report().headings);
      const text = comparableText(pageTexts(reopened).join(' ').replace(/\s+/g, ' '));
      const at = report().paragraphs.map((paragraph) => text.indexOf(comparableText(paragraph)));
      expect(at.filter((index) => index < 0)).toHaveLength(0);
      expect(at).toEqual([...at].sort((a, b) => a - b));
    });
  });

  it('keeps lists as lists and a ruled table as a table, in reading order', async () => {
    const res = await postTool(server, pdfToXmlTool.endpoint, [{ name: 'garden.pdf', content: await makeLayoutPdf() }]);
    expect(res.status).toBe(200);
    const odf = readOdf(res.body);
    expect(odf.headings).toEqual([LAYOUT_TEXT.title, LAYOUT_TEXT.subheading, LAYOUT_TEXT.columnsHeading, LAYOUT_TEXT.boldHeading]);
    expect(odf.lists).toEqual([LAYOUT_TEXT.bullets]);
    expect(odf.paragraphs).toEqual([
      LAYOUT_TEXT.firstParagraph,
      LAYOUT_TEXT.secondParagraphLines.join(' '),
      LAYOUT_TEXT.leftColumnLines.join(' '),
      LAYOUT_TEXT.rightColumnLines.join(' '),
      LAYOUT_TEXT.thirdPageLines.join(' '),
    ]);
    expect(odf.tables).toEqual([LAYOUT_TEXT.table]);
  });

  it('reads a scan without a text layer by OCR, and says so', async () => {
    const scan = textCorpusDocument('scan');
    const res = await postTool(server, pdfToXmlTool.endpoint, [{ name: 'scan.pdf', content: scan.pdf }]);
    expect(res.status).toBe(200);
    expect(res.headers['x-folio-outcome']).toBe('recognised-text');
    const sourceWords = new Set(
      scan.paragraphs
        .join(' ')
        .toLowerCase()
        .match(/\p{L}+/gu),
    );
    const words =
      readOdf(res.body)
        .paragraphs.join(' ')
        .toLowerCase()
        .match(/\p{L}+/gu) ?? [];
    expect(words.length).toBeGreaterThan(200);
    expect(words.filter((word) => sourceWords.has(word)).length).toBeGreaterThan(words.length * 0.9);
  });

  it('refuses a PDF with nothing to read (blank, OCR finding nothing) with 400 naming the cause, never an empty document', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.create();
    doc.addPage([300, 300]);
    const res = await postTool(server, pdfToXmlTool.endpoint, [{ name: 'blank.pdf', content: Buffer.from(await doc.save()) }]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toMatch(/No text found in this PDF/);
  });

  it('the well-formedness check rejects broken XML (so it can fail)', () => {
    expect(() => assertWellFormed('<?xml version="1.0"?><a><b></a>')).toThrow();
    expect(() => assertWellFormed('<a></a><b/>')).toThrow();
    expect(() => assertWellFormed('<a><b/>text</a>')).not.toThrow();
  });

  it('refuses a damaged PDF with 400', async () => {
    const res = await postTool(server, pdfToXmlTool.endpoint, [{ name: 'broken.pdf', content: CORRUPT_PDF }]);
    expect(res.status).toBe(400);
  });
});
