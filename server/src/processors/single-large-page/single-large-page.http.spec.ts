import { singleLargePageTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { imageCount, inkShare, makePagesPdf, pageBoxes, pageWords, renderPages, wordBox } from '../../../test/support/page-geometry';
import { encryptPdf, isEncrypted, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

describe('PDF to Single Large Page (/api/v1/general/pdf-to-single-page)', () => {
  const server = useTestServer();
  let mixed: Buffer;
  beforeAll(async () => {
    // Grey pages of three shapes (the third has /Rotate 90: shown 400 × 300), then a blank one with no content stream.
    mixed = await makePagesPdf([
      { size: [300, 400], background: true, text: 'first' },
      { size: [600, 300], background: true, text: 'second' },
      { size: [300, 400], rotate: 90, background: true, text: 'turned' },
      { size: [200, 100], text: '' },
    ]);
  });

  const convert = (content = mixed, fields: Record<string, string> = {}) =>
    postTool(server, singleLargePageTool.endpoint, [{ name: 'report.pdf', content }], fields);

  it('stacks every page from the top, left-aligned, on one page as wide as the widest', async () => {
    const res = await convert(mixed, { fileName: 'ignored-name.pdf' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('report_singlePage.pdf');
    const boxes = await pageBoxes(res.body);
    expect(boxes.map((b) => [b.width, b.height, b.rotate])).toEqual([[600, 400 + 300 + 300 + 100, 0]]);

    const [page] = await renderPages(res.body);
    // Each page keeps its own size and sits against the left edge; the rest of its band is empty.
    const band = (top: number, bottom: number, left: number, right: number) =>
      inkShare(page, { top: top + 4, bottom: bottom - 4, left: left + 4, right: right - 4 });
    expect(band(0, 400, 0, 300)).toBe(1);
    expect(band(0, 400, 300, 600)).toBe(0);
    expect(band(400, 700, 0, 600)).toBe(1);
    expect(band(700, 1000, 0, 400)).toBe(1);
    expect(band(700, 1000, 400, 600)).toBe(0);
    expect(band(1000, 1100, 0, 600)).toBe(0);
  });

  it('keeps the text as text, in page order, where each page put it', async () => {
    const res = await convert();
    expect(pageTexts(res.body)).toHaveLength(1);
    expect(imageCount(res.body)).toBe(0);
    const [words] = pageWords(res.body);
    // Each label sat 30 pt from the left with its baseline 40 pt above the bottom of its page.
    for (const [text, pageBottom] of [
      ['first', 400],
      ['second', 700],
      ['turned', 1000],
    ] as const) {
      const word = wordBox(words, text);
      expect(word.xMin).toBeCloseTo(30, 0);
      expect(word.yMin).toBeLessThan(pageBottom - 40);
      expect(word.yMax).toBeGreaterThan(pageBottom - 40);
      expect(word.xMax - word.xMin).toBeGreaterThan(word.yMax - word.yMin); // reads left to right
    }
  });

  it('keeps a one-page document as it is', async () => {
    const res = await convert(await makePagesPdf([{ size: [612, 792], text: 'only' }]));
    expect(res.status).toBe(200);
    expect((await pageBoxes(res.body))[0]).toMatchObject({ width: 612, height: 792 });
    expect(pageTexts(res.body)).toEqual(['only']);
  });

  it('works on an owner-password-protected PDF and returns it unencrypted', async () => {
    const res = await convert(encryptPdf(mixed, ''));
    expect(res.status).toBe(200);
    expect(isEncrypted(res.body)).toBe(false);
    expect(pageTexts(res.body)[0].split(/\s+/)).toEqual(['first', 'second', 'turned']);
  });
});
