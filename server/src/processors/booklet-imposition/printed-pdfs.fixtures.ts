import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTempDir } from '../../../test/support/pdfs';

/**
 * Sources for the print layouts (Booklet, Poster), made by other programs, and
 * Poppler readers of where their pages end up. Positions are in points from
 * the top-left corner of a page, as pdftotext gives them.
 */

export interface LeafOptions {
  /** Page size in points, portrait unless given otherwise. */
  size?: [number, number];
  /** Pages (1-based) given /Rotate 90, their text drawn so that it reads upright when shown. */
  rotated?: number[];
  /** Pages (1-based) whose CropBox is the middle of the page, with "Outside" drawn outside it. */
  cropped?: number[];
}

/**
 * `count` pages written by reportlab, each saying "Leaf <n>" in the middle in
 * large type, with a black bar along its left edge and a black square in its
 * lower-left corner (to tell left from right, and up from down, on renders).
 */
export function reportlabLeaves(count: number, options: LeafOptions = {}): Buffer {
  const [width, height] = options.size ?? [595, 842];
  const script = `
import sys
from reportlab.pdfgen import canvas
W, H = ${width}, ${height}
rotated, cropped = ${JSON.stringify(options.rotated ?? [])}, ${JSON.stringify(options.cropped ?? [])}
c = canvas.Canvas(sys.argv[1], pagesize=(W, H))
c.setTitle("Leaves")
for n in range(1, ${count} + 1):
    w, h = W, H
    if n in rotated:
        # reportlab turns the media box for /Rotate 90, so the page is still shown W × H: draw turned the other way.
        c.setPageRotation(90)
        c.translate(H, 0)
        c.rotate(90)
    c.rect(0, 0, 12, h, fill=1)
    c.rect(0, 0, 60, 60, fill=1)
    c.setFont("Helvetica", 40)
    c.drawCentredString(w / 2, h / 2, "Leaf %d" % n)
    if n in cropped:
        # In the media box's own space (turned for a rotated page); the same middle either way.
        mw, mh = (H, W) if n in rotated else (W, H)
        c.setCropBox((mw / 4, mh / 4, 3 * mw / 4, 3 * mh / 4))
        c.setFont("Helvetica", 12)
        c.drawString(W / 4 - 60, H / 2 - 5, "Outside")
    c.showPage()
    c.setPageRotation(0)
c.save()
`;
  return withTempDir((dir) => {
    execFileSync('/usr/bin/python3', ['-c', script, join(dir, 'leaves.pdf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    return readFileSync(join(dir, 'leaves.pdf'));
  });
}

/** The text pdftotext finds inside a region of one page (1-based), in reading order, whitespace collapsed. */
export function regionText(pdf: Buffer, page: number, region: { x: number; y: number; width: number; height: number }): string {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const args = ['-f', String(page), '-l', String(page), '-r', '72'];
    const area = ['-x', region.x, '-y', region.y, '-W', region.width, '-H', region.height].map((v) => (typeof v === 'number' ? String(Math.round(v)) : v));
    return execFileSync('pdftotext', [...args, ...area, join(dir, 'x.pdf'), '-'], { encoding: 'utf8' })
      .replace(/\s+/g, ' ')
      .trim();
  });
}

/** Each page's size in points, from pdfinfo. */
export function sheetSizes(pdf: Buffer): { width: number; height: number }[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const count = /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [join(dir, 'x.pdf')], { encoding: 'utf8' }))![1];
    const text = execFileSync('pdfinfo', ['-f', '1', '-l', count, join(dir, 'x.pdf')], { encoding: 'utf8' });
    return [...text.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/gm)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
  });
}

/** The words reportlabQuadrants writes in the middle of each quarter of the shown page, top-left first. */
export const QUADRANT_WORDS = ['Alpha', 'Bravo', 'Charlie', 'Delta'] as const;

/**
 * One page written by reportlab with a word in the middle of each quarter of
 * what a viewer shows (QUADRANT_WORDS: top-left, top-right, bottom-left,
 * bottom-right), over a light grey background that fills the page. `rotated`:
 * /Rotate 90, drawn so that it reads upright; `cropped`: a CropBox of the
 * middle of the page, the words placed within it.
 */
export function reportlabQuadrants(options: { size?: [number, number]; rotated?: boolean; cropped?: boolean } = {}): Buffer {
  const [width, height] = options.size ?? [595, 842];
  const script = `
import sys
from reportlab.pdfgen import canvas
W, H = ${width}, ${height}
c = canvas.Canvas(sys.argv[1], pagesize=(W, H))
c.setFillGray(0.8)
c.rect(0, 0, W + H, W + H, fill=1, stroke=0)
c.setFillGray(0)
w, h = W, H
mw, mh = W, H
if ${options.rotated ? 'True' : 'False'}:
    # reportlab turns the media box for /Rotate 90, so the page is still shown W × H: draw turned the other way.
    c.setPageRotation(90)
    c.translate(H, 0)
    c.rotate(90)
    mw, mh = H, W
x0, y0 = 0, 0
if ${options.cropped ? 'True' : 'False'}:
    c.setCropBox((mw / 4, mh / 4, 3 * mw / 4, 3 * mh / 4))
    x0, y0, w, h = w / 4, h / 4, w / 2, h / 2
c.setFont("Helvetica", 14)
for i, word in enumerate(${JSON.stringify(QUADRANT_WORDS)}):
    column, row = i % 2, i // 2
    c.drawCentredString(x0 + w * (1 + 2 * column) / 4, y0 + h * (3 - 2 * row) / 4, word)
c.showPage()
c.save()
`;
  return withTempDir((dir) => {
    execFileSync('/usr/bin/python3', ['-c', script, join(dir, 'quadrants.pdf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    return readFileSync(join(dir, 'quadrants.pdf'));
  });
}
