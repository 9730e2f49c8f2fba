/**
 * The page workspace on a 300-page file, in headless Chromium: frame times while
 * the pages scroll and while an item is dragged, and how many pages are in the
 * DOM meanwhile. The file is a text report written by reportlab (every page
 * full of text, so each page drawn costs what real pages cost).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { percentile } from './measure';

export interface FrameFigures {
  frames: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Frames over 50 ms: a visible stutter. */
  longFrames: number;
}

export interface WorkspaceBench {
  pages: number;
  openSeconds: number;
  scrolling: FrameFigures;
  dragging: FrameFigures;
  /** Most pages in the DOM at once while scrolling through the whole file. */
  maxPagesInDom: number;
}

const PAGES = 300;

function writeReport(path: string): void {
  const script = `
import sys
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas
c = canvas.Canvas(sys.argv[1], pagesize=A4)
for page in range(${PAGES}):
    c.setFont("Helvetica-Bold", 16); c.drawString(72, 790, "Section %d" % (page + 1))
    c.setFont("Times-Roman", 10)
    for line in range(60):
        c.drawString(72, 760 - line * 11.5, "Line %d of page %d: the quick brown fox jumps over the lazy dog, again and again." % (line + 1, page + 1))
    c.showPage()
c.save()
`;
  const maker = `${path}.py`;
  writeFileSync(maker, script);
  execFileSync('/usr/bin/python3', [maker, path]);
}

function figures(intervals: number[]): FrameFigures {
  const sorted = [...intervals].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    frames: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    maxMs: round(sorted.at(-1) ?? 0),
    longFrames: sorted.filter((ms) => ms > 50).length,
  };
}

export async function benchPageWorkspace(base: string, dir: string): Promise<WorkspaceBench> {
  const file = join(dir, 'report-300.pdf');
  writeReport(file);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/tools/security/manual-redact`);
    const opening = Date.now();
    await page.getByTestId('file-input').setInputFiles(file);
    await page.locator('.page-workspace__page[data-page="1"] canvas').waitFor();
    await page.waitForFunction(() => (document.querySelector('.page-workspace__page canvas') as HTMLCanvasElement | null)?.width! > 0);
    const openSeconds = (Date.now() - opening) / 1000;

    // Scroll the whole file in 6 s, a step each frame, recording frame intervals and pages in the DOM.
    const scrolled = await page.evaluate(async () => {
      const scroller = document.querySelector('[data-testid="page-workspace-scroller"]') as HTMLElement;
      scroller.scrollIntoView();
      const intervals: number[] = [];
      let maxPages = 0;
      const started = performance.now();
      let last = started;
      await new Promise<void>((done) => {
        const step = (now: number) => {
          intervals.push(now - last);
          last = now;
          const progress = Math.min((now - started) / 6000, 1);
          scroller.scrollTop = progress * (scroller.scrollHeight - scroller.clientHeight);
          maxPages = Math.max(maxPages, document.querySelectorAll('.page-workspace__page').length);
          if (progress < 1) requestAnimationFrame(step);
          else done();
        };
        requestAnimationFrame(step);
      });
      return { intervals: intervals.slice(1), maxPages };
    });

    // Back to page 150, a box drawn there, then dragged about for 3 s.
    await page.evaluate((pages) => {
      const scroller = document.querySelector('[data-testid="page-workspace-scroller"]') as HTMLElement;
      scroller.scrollTop = (scroller.scrollHeight / pages) * 149;
    }, PAGES);
    const target = page.locator('.page-workspace__page[data-page="150"]');
    await target.waitFor();
    await page.locator('.page-workspace__tool[data-kind="box"]').click();
    await page.getByRole('button', { name: 'Add to page 150' }).click();
    await page.locator('.page-workspace__tool', { hasText: 'Select and move' }).click();
    const item = page.locator('.page-workspace__item').first();
    const box = (await item.boundingBox())!;
    await page.evaluate(() => {
      (window as unknown as { frames: number[] }).frames = [];
      let last = performance.now();
      const tick = (now: number) => {
        (window as unknown as { frames: number[] }).frames.push(now - last);
        last = now;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const started = Date.now();
    for (let i = 0; Date.now() - started < 3000; i++) {
      await page.mouse.move(box.x + box.width / 2 + 150 * Math.sin(i / 10), box.y + box.height / 2 + 100 * Math.cos(i / 13));
    }
    await page.mouse.up();
    const dragFrames = await page.evaluate(() => (window as unknown as { frames: number[] }).frames.slice(1));
    return {
      pages: PAGES,
      openSeconds: Math.round(openSeconds * 100) / 100,
      scrolling: figures(scrolled.intervals),
      dragging: figures(dragFrames),
      maxPagesInDom: scrolled.maxPages,
    };
  } finally {
    await browser.close();
  }
}

export function workspaceMarkdown(bench: WorkspaceBench): string {
  const row = (name: string, f: FrameFigures) => `| ${name} | ${f.frames} | ${f.p50Ms} | ${f.p95Ms} | ${f.maxMs} | ${f.longFrames} |`;
  return [
    `### Page workspace, ${bench.pages}-page report (headless Chromium)`,
    '',
    `Opened in ${bench.openSeconds} s; at most ${bench.maxPagesInDom} pages in the DOM while scrolling through all of them.`,
    '',
    '| | frames | p50 ms | p95 ms | max ms | frames over 50 ms |',
    '|---|---|---|---|---|---|',
    row('scrolling the whole file in 6 s', bench.scrolling),
    row('dragging a box for 3 s', bench.dragging),
  ].join('\n');
}
