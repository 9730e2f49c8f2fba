import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { degrees, PDFDocument, PDFName } from 'pdf-lib';
import { handWrittenPdf } from '../../test/support/hand-written-pdf';
import { deflatedZeros } from '../../test/support/hostile-pdfs';
import { PdfCorruptedError, PdfTooComplexError } from './pdf-errors';
import { embedForPlacement, intersectBoxes, loadPdf, pageRotation, PdfLibCannotOpenError, visibleBox } from './pdf-lib';

describe('pdf-lib engine', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'folio-pdf-lib-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function onePage(size: [number, number] = [200, 300]) {
    const doc = await PDFDocument.create();
    return { doc, page: doc.addPage(size) };
  }

  describe('visibleBox', () => {
    it('is the media box when there is no crop box', async () => {
      const { page } = await onePage();
      expect(visibleBox(page)).toEqual({ x: 0, y: 0, width: 200, height: 300 });
    });

    it('clips a crop box to the media box and reads inverted corners', async () => {
      const { page } = await onePage();
      page.node.set(PDFName.of('CropBox'), page.doc.context.obj([250, 280, 50, -20]));
      expect(visibleBox(page)).toEqual({ x: 50, y: 0, width: 150, height: 280 });
    });
  });

  it('intersects boxes, and finds no overlap between neighbours', () => {
    expect(intersectBoxes({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: -5, width: 10, height: 10 })).toEqual({ x: 5, y: 0, width: 5, height: 5 });
    expect(intersectBoxes({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 0, width: 10, height: 10 })).toBeUndefined();
  });

  it.each([
    [0, 0],
    [90, 90],
    [-90, 270],
    [450, 90],
    [93, 90],
  ])('normalises /Rotate %p to %p', async (angle, expected) => {
    const { page } = await onePage();
    page.node.set(PDFName.of('Rotate'), page.doc.context.obj(angle)); // pdf-lib's setRotation refuses 93
    expect(pageRotation(page)).toBe(expected);
  });

  it('embeds a page without a content stream as an empty page, with its shown size', async () => {
    const { doc, page } = await onePage();
    page.setRotation(degrees(90));
    const [placed] = await embedForPlacement(await PDFDocument.create(), [page]);
    expect(placed).toMatchObject({ rotation: 90, width: 300, height: 200 });
    expect(doc.getPageCount()).toBe(1);
  });

  it('reports a content stream that cannot be decoded as a damaged PDF', async () => {
    const { page } = await onePage();
    const garbage = page.doc.context.stream(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), { Filter: 'FlateDecode' });
    page.node.set(PDFName.of('Contents'), page.doc.context.register(garbage));
    await expect(embedForPlacement(await PDFDocument.create(), [page])).rejects.toBeInstanceOf(PdfCorruptedError);
  });

  it('refuses page content that inflates past the budget as too complex, in a second or so', async () => {
    const { page } = await onePage();
    const bomb = page.doc.context.stream(deflatedZeros(16 * 1024 * 1024, 20), { Filter: 'FlateDecode' }); // 320 MB of zeros
    page.node.set(PDFName.of('Contents'), page.doc.context.register(bomb));
    const started = Date.now();
    const refusal = embedForPlacement(await PDFDocument.create(), [page]);
    await expect(refusal).rejects.toBeInstanceOf(PdfTooComplexError);
    await expect(refusal).rejects.toThrow(/inflates past 256 MB/);
    expect(Date.now() - started).toBeLessThan(10_000); // pdf-lib's own inflater would take some six seconds a gigabyte
  }, 30_000);

  it('tells a file it cannot open (for qpdf to rewrite) from one it opened', async () => {
    const cycle = join(dir, 'cycle.pdf');
    writeFileSync(
      cycle,
      handWrittenPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
      ]),
    );
    await expect(loadPdf(cycle)).rejects.toBeInstanceOf(PdfLibCannotOpenError);
    const flat = join(dir, 'flat.pdf');
    writeFileSync(
      flat,
      handWrittenPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 0] >>',
      ]),
    );
    await expect(loadPdf(flat)).rejects.toThrow(/page 1 has no area/);
    const fine = join(dir, 'fine.pdf');
    writeFileSync(
      fine,
      handWrittenPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] >>',
      ]),
    );
    expect((await loadPdf(fine)).getPage(0).getSize()).toEqual({ width: 200, height: 300 });
  });
});
