import { analysisPageDimensionsTool, pipelineTool } from '@folio/registry';
import { stopChromium } from '../../engines/chromium';
import { postTool } from '../../../test/support/http';
import { encryptPdf, makePdf } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { chromiumPdf, officeFormPdf, popplerPages, reportlabNotes, structuresPdf } from '../analysis-page-count/analysis-pdfs.fixtures';

/** Each page's size as Poppler reads it: its crop box (clipped to the media box), unturned, to pdfinfo's two decimals. */
function popplerDimensions(pdf: Buffer): { width: number; height: number }[] {
  return popplerPages(pdf).map(({ cropBox: [x1, y1, x2, y2] }) => ({ width: x2 - x1, height: y2 - y1 }));
}

/** Sizes within pdfinfo's rounding of each other. */
function expectNear(answer: { width: number; height: number }[], expected: { width: number; height: number }[]) {
  expect(answer).toHaveLength(expected.length);
  answer.forEach((page, i) => {
    expect(Math.abs(page.width - expected[i].width)).toBeLessThanOrEqual(0.011);
    expect(Math.abs(page.height - expected[i].height)).toBeLessThanOrEqual(0.011);
  });
}

describe('Page Dimensions (/api/v1/analysis/page-dimensions)', () => {
  const server = useTestServer();
  const dimensions = (content: Buffer, name = 'notes.pdf') => postTool(server, analysisPageDimensionsTool.endpoint, [{ name, content }]);
  afterAll(() => stopChromium());

  it('answers each reportlab page’s crop box size as pdfinfo reads it, in floats as PDFBox writes them, not turned for /Rotate', async () => {
    const pdf = reportlabNotes();
    const res = await dimensions(pdf);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.fileName).toBe('notes_page_dimensions.json');
    expectNear(res.json, popplerDimensions(pdf));
    // A4, landscape Letter, and the crop box [20 30 400 400] of a page turned 90°.
    expect(popplerPages(pdf)[2].rotate).toBe(90);
    expect(res.json).toEqual([
      { width: 595.2756, height: 841.8898 },
      { width: 792, height: 612 },
      { width: 380, height: 370 },
    ]);
  });

  it('reads the pages Chromium and LibreOffice print as pdfinfo does', async () => {
    const chromium = await chromiumPdf(server);
    const printed = (await dimensions(chromium)).json;
    expectNear(printed, popplerDimensions(chromium));
    expect(printed).toEqual([
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ]);
    const office = await officeFormPdf();
    expectNear((await dimensions(office)).json, popplerDimensions(office));
  }, 120_000);

  it('takes boxes inherited from the page tree, clips the crop box to the media box, and subtracts in floats', async () => {
    const pdf = structuresPdf();
    const res = await dimensions(pdf);
    expectNear(res.json, popplerDimensions(pdf));
    expect(res.json).toEqual([
      // The tree's crop box [50 -20 350 380] within its media box [0 0 300 400].
      { width: 250, height: 380 },
      // The same crop box within the page's own media box [0 0 612 792].
      { width: 300, height: 380 },
      // [10.1 20.2 612.3 812.5]: a double would say 602.1999999999999.
      { width: 602.2, height: 792.3 },
    ]);
  });

  it('answers one entry per page of a 1000-page document; refuses a file that needs a password with 400 E004', async () => {
    const res = await dimensions(await makePdf(1000));
    expect(res.json).toHaveLength(1000);
    expect(res.json[999]).toEqual({ width: 300, height: 400 });
    const locked = await dimensions(encryptPdf(await makePdf(1), 'user-secret'));
    expect([locked.status, locked.json.errorCode]).toEqual([400, 'E004']);
  }, 60_000);

  it('ends a pipeline: pages turned by Rotate keep their unturned size', async () => {
    const res = await postTool(server, pipelineTool.endpoint, [{ name: 'notes.pdf', content: reportlabNotes() }], {
      json: JSON.stringify({
        name: 'Turn, then measure',
        pipeline: [
          { operation: '/api/v1/general/rotate-pdf', parameters: { angle: 90 } },
          { operation: analysisPageDimensionsTool.endpoint, parameters: {} },
        ],
      }),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString('utf8'))).toEqual((await dimensions(reportlabNotes())).json);
  });
});
