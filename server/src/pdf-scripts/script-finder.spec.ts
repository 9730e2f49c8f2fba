import type { QpdfObjects } from '../engines/qpdf/qpdf-objects';
import { PdfObjects } from '../pdf-objects/pdf-objects';
import { findScripts } from './script-finder';

/** Objects as qpdf's JSON lists them: `{ 1: {...} }` → `obj:1 0 R`, the trailer's /Root 1 0 R. */
function objects(values: Record<number, unknown>): PdfObjects {
  const listed: QpdfObjects = { trailer: { value: { '/Root': '1 0 R' } } };
  for (const [n, value] of Object.entries(values)) listed[`obj:${n} 0 R`] = { value };
  return new PdfObjects(listed);
}

const js = (code: string, extra: Record<string, unknown> = {}) => ({ '/S': '/JavaScript', '/JS': `u:${code}`, ...extra });
const found = (pdf: PdfObjects) => findScripts(pdf).map((s) => `${s.name} => ${s.js}`);

describe('findScripts', () => {
  it('follows /Next chains (one action or several) and stops at a loop', () => {
    const pdf = objects({
      1: { '/Type': '/Catalog', '/OpenAction': '5 0 R' },
      5: js('first', { '/Next': ['6 0 R', js('inline')] }),
      6: js('second', { '/Next': '5 0 R' }),
    });
    expect(found(pdf)).toEqual([
      'Document, on open (/OpenAction) => u:first',
      'Document, on open (/OpenAction), chained action 1 (/Next) => u:second',
      'Document, on open (/OpenAction), chained action 2 (/Next) => u:inline',
    ]);
  });

  it('walks a name tree through its kids once, however they loop', () => {
    const pdf = objects({
      1: { '/Names': { '/JavaScript': '2 0 R' } },
      2: { '/Kids': ['3 0 R', '4 0 R'] },
      3: { '/Names': ['u:a', js('one')], '/Kids': ['2 0 R'] },
      4: { '/Names': ['u:b', js('two'), 'u:c', '5 0 R'], '/Kids': ['4 0 R'] },
      5: js('three'),
    });
    expect(found(pdf)).toEqual(['a => u:one', 'b => u:two', 'c => u:three']);
  });

  it('walks bookmarks and form fields that loop, and names a field whose parents loop', () => {
    const pdf = objects({
      1: { '/Outlines': { '/First': '2 0 R' }, '/AcroForm': { '/Fields': ['4 0 R'] } },
      2: { '/Title': 'u:Loop', '/A': js('mark'), '/Next': '2 0 R', '/First': '2 0 R' },
      4: { '/T': 'u:outer', '/Parent': '5 0 R', '/Kids': ['5 0 R'] },
      5: { '/T': 'u:inner', '/Parent': '4 0 R', '/Kids': ['4 0 R'], '/AA': { '/K': js('keys'), '/Zz': js('odd') } },
    });
    expect(found(pdf)).toEqual([
      'Form field "outer.inner", keystroke (/AA /K) => u:keys',
      'Form field "outer.inner", on an unknown trigger (/AA /Zz) => u:odd',
      'Bookmark "Loop", on click (/A) => u:mark',
    ]);
  });

  it('lists a script once when two places share its action, and finds one nothing leads to', () => {
    const pdf = objects({
      1: { '/Pages': '2 0 R', '/OpenAction': '6 0 R' },
      2: { '/Type': '/Pages', '/Kids': ['3 0 R'] },
      3: { '/Type': '/Page', '/AA': { '/O': '6 0 R' } },
      6: js('shared'),
      7: { '/Stale': [{ '/S': '/JavaScript', '/JS': 'b:616c65727428293b' }] },
      8: { '/S': '/URI', '/URI': 'u:https://example.com/' },
    });
    expect(found(pdf)).toEqual([
      'Document, on open (/OpenAction) => u:shared',
      "Object 7 0, outside the document's pages, form, bookmarks and actions => b:616c65727428293b",
    ]);
  });

  it('ignores values that are no script: a destination as open action, a /JS that is a number, actions of other types', () => {
    const pdf = objects({
      1: {
        '/Pages': '2 0 R',
        '/OpenAction': ['3 0 R', '/Fit'],
        '/AA': { '/WC': { '/S': '/JavaScript', '/JS': 42 }, '/WS': { '/S': '/Launch', '/JS': 'u:no' } },
      },
      2: { '/Type': '/Pages', '/Kids': ['3 0 R'] },
      3: { '/Type': '/Page' },
    });
    expect(found(pdf)).toEqual([]);
  });
});
