import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserPids, chromiumLoad, killChromium, renderHtmlToPdf, stopChromium, type HtmlDocument } from './chromium';
import { DeadlineExceededError } from './limiter';

jest.setTimeout(120_000);

const within = (ms: number) => ({ deadline: Date.now() + ms, timeLimitMs: ms, folder: tmpdir() });
const A4 = { format: 'A4' as const };

let dir: string;
let counter = 0;
const outPath = () => join(dir, `out-${++counter}.pdf`);
const textOf = (pdf: string) => execFileSync('pdftotext', ['-layout', pdf, '-']).toString();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'chromium-spec-'));
});
afterAll(async () => {
  await stopChromium();
  rmSync(dir, { recursive: true, force: true });
});

describe('renderHtmlToPdf', () => {
  it('renders a document with its own asset and no others', async () => {
    const requested: string[] = [];
    const doc: HtmlDocument = {
      html: '<html><body><h1>Hello chromium</h1><link rel="stylesheet" href="css/style.css"><p class="x">styled text</p><img src="missing.png"></body></html>',
      asset: async (path) => {
        requested.push(path);
        return path === 'css/style.css' ? { body: Buffer.from('.x::after { content: " from the stylesheet"; }'), contentType: 'text/css' } : undefined;
      },
    };
    const out = outPath();
    await renderHtmlToPdf(doc, out, A4, within(60_000));
    expect(readFileSync(out).subarray(0, 5).toString()).toBe('%PDF-');
    const text = textOf(out);
    expect(text).toContain('Hello chromium');
    expect(text).toContain('styled text from the stylesheet');
    expect(requested.sort()).toEqual(['css/style.css', 'missing.png']);
  });

  it('starts a new browser after the old one was killed', async () => {
    await renderHtmlToPdf({ html: '<p>before</p>' }, outPath(), A4, within(60_000));
    const before = await browserPids();
    expect(before.length).toBeGreaterThan(0);
    await killChromium();
    await waitFor(async () => (await browserPids()).every((pid) => !before.includes(pid)));
    const out = outPath();
    await renderHtmlToPdf({ html: '<p>after the crash</p>' }, out, A4, within(60_000));
    expect(textOf(out)).toContain('after the crash');
  });

  it('recovers when the browser dies just before a job', async () => {
    await renderHtmlToPdf({ html: '<p>warm</p>' }, outPath(), A4, within(60_000));
    await killChromium();
    const out = outPath();
    await renderHtmlToPdf({ html: '<p>right after the kill</p>' }, out, A4, within(60_000));
    expect(textOf(out)).toContain('right after the kill');
  });

  it('runs at most two pages at once and queues the rest', async () => {
    let peak = 0;
    const slowAsset = async () => {
      peak = Math.max(peak, chromiumLoad().running);
      await new Promise((r) => setTimeout(r, 400));
      return { body: Buffer.from('p { color: black }'), contentType: 'text/css' };
    };
    const jobs = Array.from({ length: 4 }, (_, i) =>
      renderHtmlToPdf({ html: `<link rel="stylesheet" href="s.css"><p>job ${i}</p>`, asset: slowAsset }, outPath(), A4, within(60_000)),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(chromiumLoad().running).toBeLessThanOrEqual(2);
    await Promise.all(jobs);
    expect(peak).toBe(2);
    expect(chromiumLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it('ends a page that never finishes loading at the deadline', async () => {
    const doc: HtmlDocument = { html: '<img src="never.png"><p>waiting</p>', asset: () => new Promise(() => undefined) };
    const started = Date.now();
    await expect(renderHtmlToPdf(doc, outPath(), A4, within(2_000))).rejects.toBeInstanceOf(DeadlineExceededError);
    expect(Date.now() - started).toBeLessThan(8_000);
    // The browser is still usable afterwards.
    const out = outPath();
    await renderHtmlToPdf({ html: '<p>still alive</p>' }, out, A4, within(60_000));
    expect(textOf(out)).toContain('still alive');
  });

  it('ends a script that never stops at the deadline', async () => {
    const doc: HtmlDocument = { html: '<p>spin</p><script>while (true) {}</script>', javaScript: true };
    const started = Date.now();
    await expect(renderHtmlToPdf(doc, outPath(), A4, within(2_000))).rejects.toBeInstanceOf(DeadlineExceededError);
    expect(Date.now() - started).toBeLessThan(8_000);
    const out = outPath();
    await renderHtmlToPdf({ html: '<p>recovered</p>' }, out, A4, within(60_000));
    expect(textOf(out)).toContain('recovered');
  });

  it('does not run scripts unless asked to', async () => {
    const html = '<p id="t">static</p><script>document.getElementById("t").textContent = "scripted"</script>';
    const off = outPath();
    await renderHtmlToPdf({ html }, off, A4, within(60_000));
    expect(textOf(off)).toContain('static');
    const on = outPath();
    await renderHtmlToPdf({ html, javaScript: true }, on, A4, within(60_000));
    expect(textOf(on)).toContain('scripted');
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
