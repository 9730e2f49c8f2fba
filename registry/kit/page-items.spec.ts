import { describe, expect, it } from '@jest/globals';
import { pageItems } from './page-items';

const areas = pageItems({ label: 'Areas', kinds: ['box'] });
const marks = pageItems({ label: 'Marks', kinds: ['text', 'ink', 'note'], maxItems: 3 });

function issue(field: typeof areas | typeof marks, value: unknown): string | undefined {
  const parsed = field.schema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('pageItems', () => {
  it('reads the reference’s manual redaction areas: no kind, one object or a list', () => {
    const one = { x: 50, y: 80, width: 200, height: 30, page: 1, color: '#000000' };
    expect(areas.schema.parse(JSON.stringify(one))).toEqual([{ kind: 'box', ...one }]);
    expect(areas.schema.parse(JSON.stringify([one, { ...one, page: 2 }]))).toHaveLength(2);
  });

  it('takes the list as the page holds it, and nothing for blank or empty', () => {
    expect(marks.schema.parse([{ kind: 'note', page: 1, x: 1, y: 1, width: 20, height: 20, text: 'Why?' }])).toHaveLength(1);
    expect(areas.schema.parse('')).toBeUndefined();
    expect(areas.schema.parse(undefined)).toBeUndefined();
    expect(areas.schema.parse([])).toBeUndefined();
  });

  it('drops what the page adds for itself (item ids)', () => {
    const [item] = areas.schema.parse([{ id: 'item-1', page: 1, x: 1, y: 1, width: 2, height: 2 }])!;
    expect(item).not.toHaveProperty('id');
  });

  it('names the item and the problem', () => {
    expect(issue(areas, '[{')).toBe('Areas must be a JSON list of box items.');
    expect(
      issue(
        areas,
        JSON.stringify([
          { page: 1, x: 1, y: 1, width: 2, height: 2 },
          { page: 0, x: 1, y: 1, width: 2, height: 2 },
        ]),
      ),
    ).toBe('Areas: item 2 needs a page number from 1.');
    expect(issue(areas, JSON.stringify([{ page: 1, x: 1, y: 1, width: 0, height: 2 }]))).toBe('Areas: item 1 needs a positive width and height.');
    expect(issue(areas, JSON.stringify([{ page: 1, x: 'left', y: 1, width: 2, height: 2 }]))).toBe('Areas: item 1 has no valid "x".');
    expect(issue(marks, JSON.stringify([{ kind: 'box', page: 1, x: 1, y: 1, width: 2, height: 2 }]))).toBe('Marks: item 1 must be one of: text, ink, note.');
    expect(issue(marks, JSON.stringify(new Array(4).fill({ kind: 'note', page: 1, x: 1, y: 1, width: 2, height: 2, text: 'a' })))).toBe(
      'Marks: at most 3 items.',
    );
  });

  it('checks each kind’s own parts: ink strokes, text, page grammar for repeats', () => {
    const ink = { kind: 'ink', page: 1, x: 0, y: 0, width: 10, height: 10, strokes: [[[1, 2]]] };
    expect(marks.schema.parse([ink])).toHaveLength(1);
    expect(issue(marks, [{ ...ink, strokes: [] }])).toBe('Marks: item 1 has no valid "strokes".');
    expect(issue(marks, [{ kind: 'text', page: 1, x: 0, y: 0, width: 10, height: 10, text: '' }])).toBe('Marks: item 1 has no valid "text".');
    expect(marks.schema.parse([{ ...ink, alsoOnPages: 'all' }])).toHaveLength(1);
    expect(issue(marks, [{ ...ink, alsoOnPages: '2n+x' }])).toBe('Marks: item 1 has no valid "alsoOnPages".');
  });

  it('a line may run backwards; a box may not', () => {
    const lines = pageItems({ label: 'Lines', kinds: ['line', 'arrow'] });
    expect(lines.schema.parse([{ kind: 'arrow', page: 1, x: 100, y: 100, width: -50, height: 0 }])).toHaveLength(1);
  });
});
