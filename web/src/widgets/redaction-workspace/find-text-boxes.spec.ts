import { describe, expect, it } from '@jest/globals';
import { boxesInRuns } from './find-text-boxes';

const A4 = [0, 0, 595, 842];

describe('boxesInRuns', () => {
  it('finds a word inside a run, in any case, boxed from the page top', () => {
    // "Name: Alice Smith" at 12 pt, baseline 700, from x = 100; 17 characters over 102 points.
    const runs = [{ str: 'Name: Alice Smith', transform: [12, 0, 0, 12, 100, 700], width: 102 }];
    const [box] = boxesInRuns(runs, 'alice', 1, A4);
    expect(box!.page).toBe(1);
    expect(box!.x).toBeCloseTo(100 + 36 - 1);
    expect(box!.width).toBeCloseTo(30 + 2);
    // Top: baseline 700 + 0.92 × 12 above, in a frame whose y runs down from 842.
    expect(box!.y).toBeCloseTo(842 - 700 - 11.04 - 1);
    expect(box!.height).toBeCloseTo(12 * 1.2 + 2);
  });

  it('finds every occurrence, and nothing for a blank term', () => {
    const runs = [{ str: 'ab ab ab', transform: [10, 0, 0, 10, 0, 100], width: 40 }];
    expect(boxesInRuns(runs, 'AB', 2, A4)).toHaveLength(3);
    expect(boxesInRuns(runs, '  ', 2, A4)).toHaveLength(0);
  });

  it('measures from the crop box corner', () => {
    const runs = [{ str: 'x', transform: [10, 0, 0, 10, 60, 500], width: 5 }];
    const [box] = boxesInRuns(runs, 'x', 1, [50, 40, 550, 640]);
    expect(box!.x).toBeCloseTo(9);
    expect(box!.y).toBeCloseTo(640 - 500 - 9.2 - 1);
  });

  it('boxes text turned a quarter on the page along its line', () => {
    // Text running upwards: its box is tall and narrow.
    const runs = [{ str: 'abcd', transform: [0, 10, -10, 0, 300, 100], width: 40 }];
    const [box] = boxesInRuns(runs, 'abcd', 1, A4);
    expect(box!.height).toBeGreaterThan(box!.width);
  });
});
