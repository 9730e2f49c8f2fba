import { describe, expect, it } from '@jest/globals';
import { itemBounds, normaliseDegrees, placeItem, type WorkspaceItem } from './item-edits';
import { EMPTY_HISTORY, recordChange, redo, undo } from './item-history';
import { snapCorner, snapMove } from './snapping';

const box: WorkspaceItem = { id: 'a', kind: 'box', page: 1, x: 10, y: 20, width: 100, height: 40 };

describe('item edits', () => {
  it('moves and stretches a box to a rectangle', () => {
    expect(placeItem(box, { x: 50, y: 60, width: 200, height: 20 })).toMatchObject({ x: 50, y: 60, width: 200, height: 20 });
  });

  it('keeps a line running right to left when moved', () => {
    const line: WorkspaceItem = { id: 'l', kind: 'line', page: 1, x: 100, y: 100, width: -50, height: 20 };
    expect(itemBounds(line)).toEqual({ x: 50, y: 100, width: 50, height: 20 });
    expect(placeItem(line, { x: 0, y: 0, width: 50, height: 20 })).toMatchObject({ x: 50, y: 0, width: -50, height: 20 });
  });

  it('carries ink strokes along, scaled with their box', () => {
    const ink: WorkspaceItem = {
      id: 'i',
      kind: 'ink',
      page: 2,
      x: 0,
      y: 0,
      width: 10,
      height: 10,
      strokes: [
        [
          [0, 0],
          [10, 10],
        ],
      ],
    };
    const placed = placeItem(ink, { x: 100, y: 200, width: 20, height: 20 });
    expect(placed.kind === 'ink' && placed.strokes).toEqual([
      [
        [100, 200],
        [120, 220],
      ],
    ]);
  });
});

describe('item history', () => {
  it('undoes and redoes whole lists, and a new change forgets what was undone', () => {
    let history = recordChange(EMPTY_HISTORY as typeof EMPTY_HISTORY, [] as string[]);
    const back = undo(history, ['a']);
    expect(back?.value).toEqual([]);
    history = back!.history;
    const forth = redo(history, []);
    expect(forth?.value).toEqual(['a']);
    expect(recordChange(back!.history, []).future).toEqual([]);
    expect(undo(EMPTY_HISTORY, [])).toBeUndefined();
  });
});

describe('snapping', () => {
  const page = { width: 600, height: 800 };
  it('snaps a box near the page middle onto it, and says where', () => {
    const { rect, guides } = snapMove({ x: 248, y: 100, width: 100, height: 20 }, page, [], 4);
    expect(rect.x).toBe(250);
    expect(guides.x).toEqual([300]);
  });

  it('snaps to another item’s edge and leaves far ones alone', () => {
    const others = [{ x: 400, y: 300, width: 50, height: 50 }];
    expect(snapMove({ x: 402, y: 120, width: 10, height: 10 }, page, others, 4).rect.x).toBe(400);
    expect(snapMove({ x: 420, y: 120, width: 10, height: 10 }, page, others, 4).rect.x).toBe(420);
    expect(snapCorner({ x: 0, y: 0, width: 598, height: 50 }, page, [], 4).rect.width).toBe(600);
  });
});

describe('normaliseDegrees', () => {
  it('keeps an angle between -180 and 180 however far it was turned', () => {
    expect([0, 90, 180, 195, 360, -190, 540].map(normaliseDegrees)).toEqual([0, 90, 180, -165, 0, 170, 180]);
  });
});
