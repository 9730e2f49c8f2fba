import type { QpdfObjects } from '../../engines/qpdf/qpdf-objects';
import { PdfEdits } from '../../pdf-objects/object-edits';
import { PdfObjects } from '../../pdf-objects/pdf-objects';
import { actionType, removeActions } from './actions';

/** Objects as qpdf's JSON lists them: `{ 'obj:1 0 R': value }`. */
function editsOf(values: Record<number, unknown>): PdfEdits {
  const objects: QpdfObjects = Object.fromEntries(Object.entries(values).map(([n, value]) => [`obj:${n} 0 R`, { value }]));
  return new PdfEdits(new PdfObjects(objects), Object.keys(values).length);
}

const js = (where: string, next?: unknown) => ({ '/S': '/JavaScript', '/JS': `u:${where}`, ...(next === undefined ? {} : { '/Next': next }) });
const goTo = (page: number, next?: unknown) => ({ '/S': '/GoTo', '/D': [page, '/Fit'], ...(next === undefined ? {} : { '/Next': next }) });

describe('removeActions', () => {
  const removeJs = (edits: PdfEdits, holder: Record<string, unknown>, key = '/A') =>
    removeActions(edits, holder, 'obj:1 0 R', key, (action) => actionType(edits, action) === '/JavaScript');

  it('replaces a taken action by what it chained, in order', () => {
    const edits = editsOf({ 1: {}, 2: goTo(2), 3: goTo(3, js('inner')) });
    const holder = { '/A': js('outer', ['2 0 R', js('middle'), '3 0 R']) };
    expect(removeJs(edits, holder)).toBe(true);
    // The first kept action leads (copied, so others sharing object 2 are untouched); the rest follow it.
    expect(holder['/A']).toEqual({ ...goTo(2), '/Next': ['3 0 R'] });
    expect(edits.pdf.dict('3 0 R')).toEqual(goTo(3));
    expect(edits.pdf.dict('2 0 R')).toEqual(goTo(2));
  });

  it('drops the key when nothing is left, and leaves non-actions alone', () => {
    const edits = editsOf({ 1: {} });
    const holder: Record<string, unknown> = { '/A': js('only'), '/OpenAction': [5, '/Fit'] };
    expect(removeJs(edits, holder)).toBe(true);
    expect(removeJs(edits, holder, '/OpenAction')).toBe(false);
    expect(holder).toEqual({ '/OpenAction': [5, '/Fit'] });
  });

  it('ends a chain that loops back on itself', () => {
    const edits = editsOf({ 1: {}, 2: js('a', '3 0 R'), 3: goTo(1, '2 0 R') });
    const holder: Record<string, unknown> = { '/A': '2 0 R' };
    expect(removeJs(edits, holder)).toBe(true);
    expect(holder['/A']).toBe('3 0 R');
    expect(edits.pdf.dict('3 0 R')).toEqual(goTo(1));
  });

  it('follows an action type given by reference', () => {
    const edits = editsOf({ 1: {}, 2: '/JavaScript' });
    const holder: Record<string, unknown> = { '/A': { '/S': '2 0 R', '/JS': 'u:x' } };
    expect(removeJs(edits, holder)).toBe(true);
    expect(holder).toEqual({});
  });
});
