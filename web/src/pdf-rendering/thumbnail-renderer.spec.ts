import { describe, expect, it } from '@jest/globals';
import { ThumbnailRenderer } from './thumbnail-renderer';

/** A drawing the test finishes by hand, to see what runs when. */
interface Drawing {
  page: number;
  signal: AbortSignal;
  finish(): void;
}

function fakeDrawer() {
  const drawings: Drawing[] = [];
  const draw = (page: number, signal: AbortSignal) =>
    new Promise<Blob | undefined>((resolve) => {
      drawings.push({ page, signal, finish: () => resolve(new Blob([`page ${page}`], { type: 'image/png' })) });
    });
  return { drawings, draw, running: () => drawings.map((d) => d.page) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ThumbnailRenderer', () => {
  it('draws at most `concurrency` pages at once, in the order asked', async () => {
    const { draw, drawings, running } = fakeDrawer();
    const renderer = new ThumbnailRenderer(draw, 2);
    const results = [1, 2, 3, 4].map((page) => renderer.request(page, new AbortController().signal));
    await settle();
    expect(running()).toEqual([1, 2]);
    drawings[0]!.finish();
    await settle();
    expect(running()).toEqual([1, 2, 3]);
    drawings[1]!.finish();
    drawings[2]!.finish();
    await settle();
    drawings[3]!.finish();
    const urls = await Promise.all(results);
    expect(urls.every((url) => typeof url === 'string' && url.startsWith('blob:'))).toBe(true);
    renderer.dispose();
  });

  it('never draws a page whose request is aborted while it waits, and stops one being drawn', async () => {
    const { draw, drawings, running } = fakeDrawer();
    const renderer = new ThumbnailRenderer(draw, 1);
    const first = new AbortController();
    const second = new AbortController();
    const drawing = renderer.request(1, first.signal);
    const waiting = renderer.request(2, second.signal);
    const third = renderer.request(3, new AbortController().signal);
    await settle();
    second.abort();
    await expect(waiting).resolves.toBeUndefined();
    first.abort();
    expect(drawings[0]!.signal.aborted).toBe(true); // the drawing itself is told to stop
    drawings[0]!.finish();
    await expect(drawing).resolves.toBeUndefined();
    await settle();
    expect(running()).toEqual([1, 3]);
    drawings[1]!.finish();
    await expect(third).resolves.toMatch(/^blob:/);
    renderer.dispose();
  });

  it('gives a drawn page again from memory, and forgets the least recently shown beyond its limit', async () => {
    const { draw, drawings } = fakeDrawer();
    const renderer = new ThumbnailRenderer(draw, 1, 2);
    const drawn = async (page: number) => {
      const url = renderer.request(page, new AbortController().signal);
      await settle();
      drawings[drawings.length - 1]!.finish();
      return url;
    };
    const one = await drawn(1);
    await drawn(2);
    expect(await renderer.request(1, new AbortController().signal)).toBe(one); // no new drawing
    expect(drawings).toHaveLength(2);
    await drawn(3); // page 2 was shown least recently: it goes
    expect(renderer.cached(2)).toBeUndefined();
    expect(renderer.cached(1)).toBe(one);
    expect(renderer.cached(3)).toMatch(/^blob:/);
    renderer.dispose();
    expect(renderer.cached(1)).toBeUndefined();
  });
});
