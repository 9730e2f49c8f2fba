import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { degrees, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { deflatedZeros } from '../../test/support/hostile-pdfs';
import { Workspace } from '../workspace/workspace';
import { PdfCorruptedError } from './pdf-errors';
import { embedForPlacement, intersectBoxes, openPdf, pageRotation, visibleBox } from './pdf-lib';

describe('pdf-lib engine', () => {
  let workspace: Workspace;
  beforeEach(() => (workspace = new Workspace(mkdtempSync(join(tmpdir(), 'folio-pdf-lib-')))));
  afterEach(() => rmSync(workspace.dir, { recursive: true, force: true }));
  const engine = () => ({ deadline: Date.now() + 20_000, timeLimitMs: 20_000, folder: workspace.dir });

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

  it('refuses page content that inflates past the budget, without decoding it on the event loop', async () => {
    const { page } = await onePage();
    const bomb = page.doc.context.stream(deflatedZeros(16 * 1024 * 1024, 20), { Filter: 'FlateDecode' }); // 320 MB of zeros
    page.node.set(PDFName.of('Contents'), page.doc.context.register(bomb));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5); // starves if inflating blocks the event loop
    const started = Date.now();
    await expect(embedForPlacement(await PDFDocument.create(), [page])).rejects.toThrow(/inflates past 256 MB/);
    clearInterval(timer);
    const elapsed = Date.now() - started;
    expect(ticks).toBeGreaterThan(elapsed / 5 / 4);
  }, 60_000); // inflating 320 MB takes seconds on a busy machine; the ticks show it was off the event loop

  it('opens a file whose cross-reference table pdf-lib cannot parse, through qpdf', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 300]).drawText('hello', { x: 20, y: 100, font: await doc.embedFont(StandardFonts.Helvetica) });
    const damaged = Buffer.from(Buffer.from(await doc.save({ useObjectStreams: false })).toString('latin1').replace('xref\n0 ', 'xref\n0x'), 'latin1');
    await expect(PDFDocument.load(damaged)).rejects.toThrow(); // the premise: pdf-lib alone fails
    const path = workspace.newPath('.pdf');
    writeFileSync(path, damaged);
    const opened = await openPdf(path, workspace, engine());
    expect(opened.getPageCount()).toBe(1);
  });
});
