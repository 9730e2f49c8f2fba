import { describe, expect, it } from '@jest/globals';
import { draggedItem, freeSpotBelow, inkItem, placeTemplate, strokeFromShown, templateFor } from './new-items';
import type { PageFrame } from '../../pdf-rendering/page-frame';

const upright: PageFrame = { width: 612, height: 792, rotation: 0 };
const turned: PageFrame = { width: 612, height: 792, rotation: 90 };
const texts = { text: 'Text', note: 'Note' };

describe('new items', () => {
  it('puts a template with its middle where the visitor clicked', () => {
    const item = placeTemplate(templateFor('box', texts), 3, upright, [300, 400]);
    expect(item).toMatchObject({ kind: 'box', page: 3, x: 220, y: 388, width: 160, height: 24 });
  });

  it('keeps a template placed near an edge on the page', () => {
    const item = placeTemplate(templateFor('box', texts), 1, upright, [5, 5]);
    expect(item).toMatchObject({ x: 0, y: 0 });
  });

  it('places on a turned page in the unturned frame, so it lands where it was shown', () => {
    // Shown 160 wide × 24 high at the top-left of the turned view: on the unturned page, 24 wide × 160 high at the bottom-left.
    const item = placeTemplate(templateFor('box', texts), 1, turned, [80, 12]);
    expect(item).toMatchObject({ x: 0, y: 792 - 160, width: 24, height: 160 });
  });

  it('drags out a box whichever way the drag went, and a line from where it started', () => {
    expect(draggedItem(templateFor('box', texts), 1, upright, [200, 300], [100, 250])).toMatchObject({ x: 100, y: 250, width: 100, height: 50 });
    expect(draggedItem(templateFor('arrow', texts), 1, upright, [200, 300], [100, 250])).toMatchObject({ x: 200, y: 300, width: -100, height: -50 });
  });

  it('thins a stroke’s points and boxes ink around them', () => {
    const stroke = strokeFromShown(upright, [
      [10, 10],
      [10.1, 10.1],
      [20, 10],
      [30, 15],
    ]);
    expect(stroke).toEqual([
      [10, 10],
      [20, 10],
      [30, 15],
    ]);
    expect(inkItem(1, [stroke], { thickness: 2 })).toMatchObject({ x: 8, y: 8, width: 24, height: 9 });
  });
});

describe('freeSpotBelow', () => {
  const page = { width: 612, height: 792 };
  it('takes the page’s middle when it is free', () => {
    expect(freeSpotBelow([306, 396], { width: 100, height: 20 }, [], page)).toEqual([306, 396]);
  });

  it('goes below what is there, one item after another, so a date does not cover its signature', () => {
    const signature = { x: 216, y: 376, width: 180, height: 40 };
    const date = { x: 256, y: 424, width: 100, height: 16 };
    expect(freeSpotBelow([306, 396], { width: 100, height: 16 }, [signature], page)).toEqual([306, 376 + 40 + 8 + 8]);
    expect(freeSpotBelow([306, 396], { width: 100, height: 16 }, [signature, date], page)).toEqual([306, 424 + 16 + 8 + 8]);
  });
});
