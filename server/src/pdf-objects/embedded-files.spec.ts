import type { QpdfObjects } from '../engines/qpdf/qpdf-objects';
import { PdfEdits } from './object-edits';
import { embeddedFileDetails, embeddedFileEntries, setEmbeddedFiles, treeKey } from './embedded-files';
import { PdfObjects } from './pdf-objects';

/** Objects as qpdf's JSON v2 lists them: 'obj:N 0 R' → value, or a stream's dictionary. */
function objectsOf(values: Record<number, unknown>, streams: Record<number, Record<string, unknown>> = {}): QpdfObjects {
  const objects: QpdfObjects = { trailer: { value: { '/Root': '1 0 R' } } };
  for (const [n, value] of Object.entries(values)) objects[`obj:${n} 0 R`] = { value };
  for (const [n, dict] of Object.entries(streams)) objects[`obj:${n} 0 R`] = { stream: { dict } };
  return objects;
}

describe('the EmbeddedFiles name tree', () => {
  it('flattens nested nodes in tree order; a key met again replaces the earlier entry where it stood; a loop is walked once', () => {
    const pdf = new PdfObjects(
      objectsOf(
        {
          1: { '/Type': '/Catalog', '/Names': { '/EmbeddedFiles': '2 0 R' } },
          2: { '/Kids': ['3 0 R', '4 0 R'] },
          3: { '/Names': ['u:a', '5 0 R', 'u:b', '6 0 R'], '/Kids': ['2 0 R'] },
          4: { '/Names': ['u:a', '7 0 R', 'u:', { '/F': 'u:  ', '/EF': { '/F': '9 0 R' } }] },
          5: { '/F': 'u:first-a.txt', '/EF': { '/F': '8 0 R' } },
          6: { '/UF': 'u:Übersicht.txt', '/F': 'u:b.txt', '/EF': { '/DOS': '8 0 R' } },
          7: { '/F': 'u:second-a.txt', '/EF': { '/UF': '9 0 R', '/F': '8 0 R' } },
        },
        { 8: { '/Type': '/EmbeddedFile' }, 9: { '/Type': '/EmbeddedFile' } },
      ),
    );
    const entries = embeddedFileEntries(pdf);
    expect(entries.map((entry) => [entry.key, entry.displayName, entry.stream])).toEqual([
      ['a', 'second-a.txt', '9 0 R'],
      ['b', 'Übersicht.txt', '8 0 R'],
      ['', expect.stringMatching(/^unknown_attachment_\d+$/), '9 0 R'],
    ]);
  });

  it('reads size (-1 when undeclared), MIME type, description and dates from the specification and its stream', () => {
    const pdf = new PdfObjects(
      objectsOf(
        {
          1: { '/Names': { '/EmbeddedFiles': { '/Names': ['u:x', '2 0 R', 'u:y', '3 0 R'] } } },
          2: { '/F': 'u:x.csv', '/Desc': 'u:Figures', '/EF': { '/F': '4 0 R' } },
          3: { '/F': 'u:y.bin', '/EF': { '/F': '5 0 R' } },
        },
        {
          4: { '/Subtype': '/text/csv', '/Params': { '/Size': 12, '/CreationDate': "u:D:20240102150405+05'30'", '/ModDate': 'u:D:20240315080000Z' } },
          5: {},
        },
      ),
    );
    const [x, y] = embeddedFileEntries(pdf).map((entry) => embeddedFileDetails(pdf, entry));
    expect(x).toEqual({
      size: 12,
      contentType: 'text/csv',
      description: 'Figures',
      creationDate: new Date('2024-01-02T09:34:05Z'),
      modificationDate: new Date('2024-03-15T08:00:00Z'),
    });
    expect(y).toEqual({ size: -1, contentType: null, description: null, creationDate: null, modificationDate: null });
  });

  it('is rewritten as one node sorted by the keys’ bytes: Latin-1 text first, UTF-16 text after', () => {
    const edits = new PdfEdits(new PdfObjects(objectsOf({ 1: { '/Names': '2 0 R' }, 2: { '/EmbeddedFiles': '3 0 R', '/Dests': '9 0 R' }, 3: {} })), 3);
    setEmbeddedFiles(edits, [
      { rawKey: treeKey('報告.txt'), spec: '4 0 R' },
      { rawKey: treeKey('b.txt'), spec: '5 0 R' },
      { rawKey: treeKey('Ä.txt'), spec: '6 0 R' },
      { rawKey: 'b:00', spec: '7 0 R' },
    ]);
    const names = edits.pdf.dict('2 0 R')!;
    expect(names['/Dests']).toBe('9 0 R');
    expect(names['/EmbeddedFiles']).toEqual({ '/Names': ['b:00', '7 0 R', 'u:b.txt', '5 0 R', 'u:Ä.txt', '6 0 R', 'u:報告.txt', '4 0 R'] });
  });
});
