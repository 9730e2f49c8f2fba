import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { pdfToCbzTool, pipelineTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { makePagesPdf } from '../../../test/support/page-geometry';
import { makePdf, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

/** Each entry of a CBZ with its picture's format and size as ImageMagick's identify reads them. */
function pictures(cbz: Buffer): { name: string; format: string; width: number; height: number }[] {
  return new AdmZip(cbz).getEntries().map((entry) =>
    withTempDir((dir) => {
      writeFileSync(join(dir, 'picture'), entry.getData());
      const [format, width, height] = execFileSync('/usr/bin/identify-im6.q16', ['-format', '%m %w %h', join(dir, 'picture')], { encoding: 'utf8' }).split(' ');
      return { name: entry.entryName, format, width: Number(width), height: Number(height) };
    }),
  );
}

/** A LibreOffice-made PDF: two A5 pages of text (A5 is 419.5 × 595.3 pt). */
async function officePdf(): Promise<Buffer> {
  const { flatOdt, officeFixture } = await import('../../../test/support/office-fixtures');
  const page = '<style:page-layout style:name="A5"><style:page-layout-properties fo:page-width="148mm" fo:page-height="210mm"/></style:page-layout>';
  const master = '<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="A5"/></office:master-styles>';
  const odt = flatOdt(['First page of the story.', 'Second page of the story.'])
    .replace('<office:automatic-styles>', `<office:automatic-styles>${page}`)
    .replace('<office:body>', `${master}<office:body>`);
  return officeFixture(odt, '.fodt', 'writer_pdf_Export', '.pdf');
}

describe('PDF to CBZ (/api/v1/convert/pdf/cbz)', () => {
  const server = useTestServer();
  const convert = (content: Buffer, fields: Record<string, string> = {}, name = 'story.pdf') =>
    postTool(server, pdfToCbzTool.endpoint, [{ name, content }], fields);

  it('draws every page as a PNG at 150 DPI by default, named page_001.png, page_002.png, ...', async () => {
    // 72 × 144 pt and 144 × 72 pt: 150 × 300 and 300 × 150 pixels at 150 DPI.
    const pdf = await makePagesPdf([{ size: [72, 144] }, { size: [144, 72] }, { size: [72, 72] }]);
    const res = await convert(pdf);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('story_converted.cbz');
    expect(pictures(res.body)).toEqual([
      { name: 'page_001.png', format: 'PNG', width: 150, height: 300 },
      { name: 'page_002.png', format: 'PNG', width: 300, height: 150 },
      { name: 'page_003.png', format: 'PNG', width: 150, height: 150 },
    ]);
  });

  it('draws at the DPI asked for, on a PDF LibreOffice wrote', async () => {
    const res = await convert(await officePdf(), { dpi: '72' }, 'novel.v2.pdf');
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('novel.v2_converted.cbz');
    const drawn = pictures(res.body);
    expect(drawn.map((p) => p.name)).toEqual(['page_001.png', 'page_002.png']);
    for (const p of drawn) {
      expect(Math.abs(p.width - 420)).toBeLessThanOrEqual(1);
      expect(Math.abs(p.height - 596)).toBeLessThanOrEqual(1);
    }
  });

  it('refuses a DPI past 600, or below 1, with 400 and the message', async () => {
    const pdf = await makePdf(1);
    for (const dpi of ['601', '0', '-5', 'lots']) {
      const res = await convert(pdf, { dpi });
      expect(res.status).toBe(400);
      expect(res.json.detail).toContain('DPI must be a whole number from 1 to 600.');
    }
  });

  it('weighs the pixels before drawing: a page too large at this DPI is refused', async () => {
    // 14 400 pt square at 600 DPI is 120 000 pixels a side.
    const res = await convert(await makePagesPdf([{ size: [14_400, 14_400] }]), { dpi: '600' });
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/megapixels/);
  });

  it('refuses a file that is not a PDF', async () => {
    const res = await convert(Buffer.from('PK\x03\x04 not a pdf'), {}, 'story.pdf');
    expect(res.status).toBe(400);
  });

  it('runs as a pipeline step after another', async () => {
    const json = JSON.stringify({
      name: 'comic',
      pipeline: [
        { operation: '/api/v1/general/rotate-pdf', parameters: { angle: 90 } },
        { operation: pdfToCbzTool.endpoint, parameters: { dpi: 72 } },
      ],
    });
    const res = await postTool(server, pipelineTool.endpoint, [{ name: 'story.pdf', content: await makePagesPdf([{ size: [100, 200] }]) }], { json });
    expect(res.status).toBe(200);
    expect(pictures(res.body)).toEqual([{ name: 'page_001.png', format: 'PNG', width: 200, height: 100 }]);
  });
});
