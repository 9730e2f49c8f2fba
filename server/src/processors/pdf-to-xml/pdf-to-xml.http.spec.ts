import { pdfToXmlTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { officeFixture } from '../../../test/support/office-fixtures';
import { CORRUPT_PDF, makePdf, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

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
