import type { Locator, Page } from 'playwright-core';

/**
 * Driving the page workspace (web/src/widgets/page-workspace/) as a visitor
 * does: points on a page are given in PDF points from the page's top-left as
 * shown, and turned into screen pixels by the page's drawn size.
 */
export interface WorkspaceDriver {
  workspace: Locator;
  /** The drawn page (1-based), scrolled into view. */
  page(number: number): Promise<Locator>;
  /** Screen position of a point of a page, in PDF points from its top-left as shown. */
  at(number: number, point: readonly [number, number]): Promise<{ x: number; y: number }>;
  /** Presses the toolbar button of a kind (its `data-kind`). */
  chooseKind(kind: string): Promise<void>;
  /** Drags with the mouse between two points of a page. */
  drag(number: number, from: readonly [number, number], to: readonly [number, number]): Promise<void>;
  /** Drags with a finger (touch events, as a phone sends them). */
  touchDrag(number: number, from: readonly [number, number], to: readonly [number, number]): Promise<void>;
  items(): Locator;
}

export function workspaceDriver(page: Page, pageWidthPoints = 612): WorkspaceDriver {
  const workspace = page.getByTestId('page-workspace');
  const pageOf = async (number: number) => {
    const drawn = workspace.locator(`.page-workspace__page[data-page="${number}"]`);
    await drawn.waitFor();
    await drawn.scrollIntoViewIfNeeded();
    return drawn;
  };
  const at = async (number: number, [x, y]: readonly [number, number]) => {
    const box = (await (await pageOf(number)).boundingBox())!;
    const scale = box.width / pageWidthPoints;
    return { x: box.x + x * scale, y: box.y + y * scale };
  };
  return {
    workspace,
    page: pageOf,
    at,
    async chooseKind(kind) {
      await workspace.locator(`.page-workspace__tool[data-kind="${kind}"]`).click();
    },
    async drag(number, from, to) {
      const start = await at(number, from);
      const end = await at(number, to);
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      await page.mouse.move(end.x, end.y, { steps: 10 });
      await page.mouse.up();
    },
    async touchDrag(number, from, to) {
      const start = await at(number, from);
      const end = await at(number, to);
      const session = await page.context().newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
        session.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [{ x: point.x, y: point.y, id: 1, radiusX: 4, radiusY: 4, force: 0.5 }] : [] });
      await touch('touchStart', start);
      for (let step = 1; step <= 10; step++) {
        await touch('touchMove', { x: start.x + ((end.x - start.x) * step) / 10, y: start.y + ((end.y - start.y) * step) / 10 });
      }
      await touch('touchEnd');
      await session.detach();
    },
    items: () => workspace.locator('.page-workspace__item'),
  };
}
