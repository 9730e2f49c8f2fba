import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pdfToRtfTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { LAYOUT_TEXT, makeLayoutPdf } from '../../../test/support/layout-pdfs';
import { withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(90_000);

describe('PDF to Text/RTF (/api/v1/convert/pdf/text)', () => {
  const server = useTestServer();
  let layoutPdf: Buffer;
  beforeAll(async () => {
    layoutPdf = await makeLayoutPdf();
  });

  const convert = (fields: Record<string, string>) => postTool(server, pdfToRtfTool.endpoint, [{ name: 'garden.pdf', content: layoutPdf }], fields);

  it('writes plain text by default: paragraphs in reading order, separated by blank lines', async () => {
    const res = await convert({});
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.fileName).toBe('garden.txt');
    const paragraphs = res.body.toString('utf8').trim().split(/\n\n/);
    expect(paragraphs).toEqual([
      LAYOUT_TEXT.title,
      LAYOUT_TEXT.subheading,
      LAYOUT_TEXT.firstParagraph,
      LAYOUT_TEXT.secondParagraphLines.join(' '),
      LAYOUT_TEXT.bullets.map((item) => `• ${item}`).join('\n'),
      LAYOUT_TEXT.columnsHeading,
      LAYOUT_TEXT.leftColumnLines.join(' '),
      LAYOUT_TEXT.rightColumnLines.join(' '),
      LAYOUT_TEXT.boldHeading,
      LAYOUT_TEXT.thirdPageLines.join(' '),
      LAYOUT_TEXT.table.map((row) => row.join('\t')).join('\n'),
    ]);
  });

  it.each(['txt', 'TXT', 'txt:Text'])('accepts outputFormat=%s as plain text', async (outputFormat) => {
    const res = await convert({ outputFormat });
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('garden.txt');
  });

  it('writes RTF that LibreOffice reads back with the same text', async () => {
    const res = await convert({ outputFormat: 'rtf' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('garden.rtf');
    const rtf = res.body.toString('latin1');
    expect(rtf.startsWith('{\\rtf1')).toBe(true);
    expect(rtf).toContain('\\page');
    const text = withTempDir((dir) => {
      writeFileSync(join(dir, 'garden.rtf'), res.body);
      execFileSync(
        'soffice',
        [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'txt:Text (encoded):UTF8', '--outdir', dir, join(dir, 'garden.rtf')],
        { timeout: 60_000, stdio: 'ignore' },
      );
      return readFileSync(join(dir, 'garden.txt'), 'utf8');
    });
    expect(text).toContain(LAYOUT_TEXT.firstParagraph);
    expect(text).toContain(LAYOUT_TEXT.bullets[1]);
    expect(text.indexOf(LAYOUT_TEXT.leftColumnLines[3])).toBeLessThan(text.indexOf(LAYOUT_TEXT.rightColumnLines[0]));
  });

  it('refuses an unknown format', async () => {
    const res = await convert({ outputFormat: 'pdf' });
    expect(res.status).toBe(400);
    expect(res.json.detail ?? res.json.error).toContain('txt or rtf');
  });
});
