import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cbrToPdfTool, pdfToCbrTool, pipelineTool } from '@folio/registry';
import { reportlabReport } from '../../../test/support/bookmarked-pdfs';
import { handWrittenPdf } from '../../../test/support/hand-written-pdf';
import { postTool } from '../../../test/support/http';
import { makePagesPdf } from '../../../test/support/page-geometry';
import { CORRUPT_PDF, encryptPdf, makePdf, pageCount, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

interface Picture {
  name: string;
  format: string;
  width: number;
  height: number;
}

/**
 * A CBR read back by The Unarchiver, not by Folio's writer: lsar names the
 * format and lists the entries in archive order, `lsar -t` checks every CRC,
 * unar extracts, and ImageMagick's identify reads each picture.
 */
function cbrPictures(cbr: Buffer): { format: string; pictures: Picture[] } {
  return withTempDir((dir) => {
    const archive = join(dir, 'comic.cbr');
    writeFileSync(archive, cbr);
    const listing = JSON.parse(execFileSync('/usr/bin/lsar', ['-j', archive], { encoding: 'utf8' }));
    const names: string[] = listing.lsarContents.map((entry: { XADFileName: string }) => entry.XADFileName);
    execFileSync('/usr/bin/lsar', ['-t', archive], { stdio: 'pipe' });
    const out = join(dir, 'out');
    execFileSync('/usr/bin/unar', ['-q', '-no-directory', '-o', out, archive]);
    expect(readdirSync(out).sort()).toEqual([...names].sort());
    const pictures = names.map((name) => {
      const [format, width, height] = execFileSync('/usr/bin/identify-im6.q16', ['-format', '%m %w %h', join(out, name)], { encoding: 'utf8' }).split(' ');
      return { name, format, width: Number(width), height: Number(height) };
    });
    return { format: listing.lsarFormatName, pictures };
  });
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

describe('PDF to CBR (/api/v1/convert/pdf/cbr)', () => {
  const server = useTestServer();
  const convert = (content: Buffer, fields: Record<string, string> = {}, name = 'story.pdf') =>
    postTool(server, pdfToCbrTool.endpoint, [{ name, content }], fields);

  it('stores every page as a PNG at 150 DPI by default in a RAR 5 archive, page_001.png, page_002.png, ...', async () => {
    // 72 × 144 pt and 144 × 72 pt: 150 × 300 and 300 × 150 pixels at 150 DPI.
    const pdf = await makePagesPdf([{ size: [72, 144] }, { size: [144, 72] }, { size: [72, 72] }]);
    const res = await convert(pdf);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('story_converted.cbr');
    expect(cbrPictures(res.body)).toEqual({
      format: 'RAR 5',
      pictures: [
        { name: 'page_001.png', format: 'PNG', width: 150, height: 300 },
        { name: 'page_002.png', format: 'PNG', width: 300, height: 150 },
        { name: 'page_003.png', format: 'PNG', width: 150, height: 150 },
      ],
    });
  });

  it('draws at the DPI asked for, on a PDF LibreOffice wrote, named as PDF to CBZ names', async () => {
    const res = await convert(await officePdf(), { dpi: '72' }, 'novel.v2.pdf');
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('novel.v2_converted.cbr');
    const { pictures } = cbrPictures(res.body);
    expect(pictures.map((p) => p.name)).toEqual(['page_001.png', 'page_002.png']);
    for (const p of pictures) {
      expect(Math.abs(p.width - 420)).toBeLessThanOrEqual(1);
      expect(Math.abs(p.height - 596)).toBeLessThanOrEqual(1);
    }
  });

  it('keeps ten pages of a reportlab PDF in page order, past page_009', async () => {
    // reportlab's default page is A4, 595.3 × 841.9 pt: 413.4 × 584.7 pixels at 50 DPI, which Poppler rounds up.
    const res = await convert(reportlabReport(), { dpi: '50' }, 'report.pdf');
    expect(res.status).toBe(200);
    const { pictures } = cbrPictures(res.body);
    expect(pictures.map((p) => p.name)).toEqual(Array.from({ length: 10 }, (_, i) => `page_${String(i + 1).padStart(3, '0')}.png`));
    for (const p of pictures) expect([p.format, p.width, p.height]).toEqual(['PNG', 414, 585]);
  });

  it('is read back by CBR to PDF: one page per picture', async () => {
    const res = await convert(await makePdf(3), { dpi: '36' });
    const back = await postTool(server, cbrToPdfTool.endpoint, [{ name: 'story.cbr', content: res.body }]);
    expect(back.status).toBe(200);
    expect(pageCount(back.body)).toBe(3);
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

  it('refuses a file that is not a PDF, a corrupt PDF and one locked with a password, with 400', async () => {
    const locked = encryptPdf(await makePdf(1), 'secret');
    for (const content of [Buffer.from('Rar!\x1a\x07\x01\x00 not a pdf'), CORRUPT_PDF, locked]) {
      const res = await convert(content);
      expect(res.status).toBe(400);
      expect(typeof res.json.detail).toBe('string');
    }
  });

  it('refuses a PDF without pages with 400, as the reference does (a RAR archive needs an entry)', async () => {
    const empty = handWrittenPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']);
    const res = await convert(empty);
    expect(res.status).toBe(400);
    expect(res.json.detail).toContain('has no pages');
  });

  it('runs as a pipeline step after another', async () => {
    const json = JSON.stringify({
      name: 'comic',
      pipeline: [
        { operation: '/api/v1/general/rotate-pdf', parameters: { angle: 90 } },
        { operation: pdfToCbrTool.endpoint, parameters: { dpi: 72 } },
      ],
    });
    const res = await postTool(server, pipelineTool.endpoint, [{ name: 'story.pdf', content: await makePagesPdf([{ size: [100, 200] }]) }], { json });
    expect(res.status).toBe(200);
    expect(cbrPictures(res.body).pictures).toEqual([{ name: 'page_001.png', format: 'PNG', width: 200, height: 100 }]);
  });
});
