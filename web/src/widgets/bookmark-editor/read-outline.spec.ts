import { describe, expect, it } from '@jest/globals';
import { PDFDocument, PDFHexString, PDFName, PDFString, type PDFRef } from 'pdf-lib';
import { toWire } from './bookmark-tree';
import { readOutline } from './read-outline';

/** A 3-page PDF whose outline is written object by object: nesting, a GoTo action, a named destination and a /Next loop. */
async function outlinedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const pages = [1, 2, 3].map(() => doc.addPage([200, 200]).ref);
  const { context } = doc;
  const refs: PDFRef[] = [0, 1, 2, 3, 4].map(() => context.nextRef());
  const [root, first, second, kid, third] = refs;
  context.assign(root, context.obj({ Type: 'Outlines', First: first, Last: third, Count: 4 }));
  context.assign(first, context.obj({ Title: PDFHexString.fromText('Préface 第一'), Parent: root, Next: second, Dest: [pages[1], 'Fit'] }));
  context.assign(
    second,
    context.obj({
      Title: PDFString.of('Chapter'),
      Parent: root,
      Prev: first,
      Next: third,
      First: kid,
      Last: kid,
      Count: 1,
      A: { S: 'GoTo', D: [pages[2], 'XYZ', null, null, null] },
    }),
  );
  // Its /Next points back at itself.
  context.assign(kid, context.obj({ Title: PDFString.of('Named'), Parent: second, Dest: PDFString.of('target'), Next: kid }));
  context.assign(third, context.obj({ Title: PDFString.of('Nowhere'), Parent: root, Prev: second }));
  doc.catalog.set(PDFName.of('Outlines'), root);
  doc.catalog.set(PDFName.of('Names'), context.obj({ Dests: context.obj({ Names: [PDFString.of('target'), [pages[0], 'Fit']] }) }));
  return doc.save();
}

describe('reading the chosen PDF’s outline in the browser', () => {
  it('reads titles, nesting and the page each bookmark opens, stopping at a loop', async () => {
    const reading = await readOutline(await outlinedPdf());
    expect(reading.pageCount).toBe(3);
    expect(reading.encrypted).toBe(false);
    expect(toWire(reading.bookmarks)).toEqual([
      { title: 'Préface 第一', pageNumber: 2, children: [] },
      { title: 'Chapter', pageNumber: 3, children: [{ title: 'Named', pageNumber: 1, children: [] }] },
      { title: 'Nowhere', pageNumber: 1, children: [] },
    ]);
  });

  it('answers no bookmarks for a PDF without an outline', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.addPage();
    expect(await readOutline(await doc.save())).toEqual({ pageCount: 2, bookmarks: [], encrypted: false });
  });
});
