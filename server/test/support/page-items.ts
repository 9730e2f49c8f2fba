import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ColourImage } from './marks';
import { withTempDir } from './pdfs';

/**
 * Documents and readers the specs of the page-items tools share (Sign, Add Text
 * and Annotate, their browser scenarios): pages other programs wrote, and what
 * Poppler, pikepdf and ImageMagick read back, none of them the page-items engine.
 */

/** A region in points from the top-left corner of the page as shown. */
export interface Region {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Three Letter pages (612 × 792 pt) written by reportlab in Helvetica: "Page N of the contract" near the top, and a line of terms lower down. */
export function reportlabContract(): Buffer {
  const script = `
import sys
from reportlab.pdfgen import canvas
c = canvas.Canvas(sys.argv[1], pagesize=(612, 792))
for n in (1, 2, 3):
    c.setFont('Helvetica', 14); c.drawString(72, 720, 'Page %d of the contract' % n)
    c.setFont('Helvetica', 11); c.drawString(72, 200, 'Terms agreed by both parties on page %d' % n)
    c.showPage()
c.save()
`;
  return withTempDir((dir) => {
    const path = join(dir, 'contract.pdf');
    execFileSync('/usr/bin/python3', ['-c', script, path], { stdio: ['ignore', 'ignore', 'pipe'] });
    return readFileSync(path);
  });
}

/** A transparent PNG, `width` × `height`, with a thick blue diagonal stroke from the lower-left to the upper-right corner (ImageMagick 6). */
export function transparentSignaturePng(width = 200, height = 80): Buffer {
  return execFileSync('/usr/bin/convert-im6.q16', [
    '-size',
    `${width}x${height}`,
    'xc:none',
    '-stroke',
    '#0000c8',
    '-strokewidth',
    '8',
    '-draw',
    `line 10,${height - 10} ${width - 10},10`,
    'png32:-',
  ]);
}

/** Noise that does not compress: a PNG of about `bytes` bytes. */
export function noisyPng(bytes: number): Buffer {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return execFileSync('/usr/bin/convert-im6.q16', ['-size', `${side}x${side}`, 'xc:', '+noise', 'Random', 'png24:-'], { maxBuffer: 64 * 1024 * 1024 });
}

export function dataUrl(picture: Buffer, type: 'png' | 'jpeg'): string {
  return `data:image/${type};base64,${picture.toString('base64')}`;
}

/** The text pdftotext finds in a region of a page (points, as shown, from the top-left), white space collapsed. */
export function textIn(pdf: Buffer, page: number, region: Region): string {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const crop = [region.left, region.top, region.right - region.left, region.bottom - region.top].map((n) => String(Math.round(n)));
    const text = execFileSync(
      'pdftotext',
      ['-f', String(page), '-l', String(page), '-x', crop[0], '-y', crop[1], '-W', crop[2], '-H', crop[3], join(dir, 'x.pdf'), '-'],
      {
        encoding: 'utf8',
      },
    );
    return text
      .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  });
}

/** Pixels (72 dpi renderings of the same page) that differ between `before` and `after` outside `region` grown by `margin` points. */
export function changedOutside(before: ColourImage, after: ColourImage, region: Region, margin = 2): number {
  let changed = 0;
  for (let y = 0; y < after.height; y++) {
    for (let x = 0; x < after.width; x++) {
      const inside = x >= region.left - margin && x < region.right + margin && y >= region.top - margin && y < region.bottom + margin;
      if (inside) continue;
      const i = 3 * (y * after.width + x);
      if (Math.abs(before.rgb[i] - after.rgb[i]) + Math.abs(before.rgb[i + 1] - after.rgb[i + 1]) + Math.abs(before.rgb[i + 2] - after.rgb[i + 2]) > 60)
        changed++;
    }
  }
  return changed;
}

/** Dark pixels (all channels below 128) in a region of a 72 dpi rendering. */
export function darkPixels(image: ColourImage, region: Region): number {
  let dark = 0;
  for (let y = Math.max(0, Math.round(region.top)); y < Math.min(image.height, Math.round(region.bottom)); y++) {
    for (let x = Math.max(0, Math.round(region.left)); x < Math.min(image.width, Math.round(region.right)); x++) {
      const i = 3 * (y * image.width + x);
      if (image.rgb[i] < 128 && image.rgb[i + 1] < 128 && image.rgb[i + 2] < 128) dark++;
    }
  }
  return dark;
}

/** The colour of the pixel at (x, y) of a 72 dpi rendering. */
export function pixelAt(image: ColourImage, x: number, y: number): [number, number, number] {
  const i = 3 * (Math.round(y) * image.width + Math.round(x));
  return [image.rgb[i], image.rgb[i + 1], image.rgb[i + 2]];
}

/** The smallest region holding every pixel that differs between two renderings of a page. */
export function changedBox(before: ColourImage, after: ColourImage): Region | undefined {
  let box: Region | undefined;
  for (let y = 0; y < after.height; y++) {
    for (let x = 0; x < after.width; x++) {
      const i = 3 * (y * after.width + x);
      const differs =
        Math.abs(before.rgb[i] - after.rgb[i]) + Math.abs(before.rgb[i + 1] - after.rgb[i + 1]) + Math.abs(before.rgb[i + 2] - after.rgb[i + 2]) > 60;
      if (!differs) continue;
      box = box
        ? { left: Math.min(box.left, x), top: Math.min(box.top, y), right: Math.max(box.right, x + 1), bottom: Math.max(box.bottom, y + 1) }
        : { left: x, top: y, right: x + 1, bottom: y + 1 };
    }
  }
  return box;
}

/** An annotation as pikepdf reads it back. */
export interface ReadAnnotation {
  subtype: string;
  rect: number[];
  hasAppearance: boolean;
  contents?: string;
  lineEndings?: string[];
  line?: number[];
  inkStrokes?: number;
  quadPoints?: number[];
  colour?: number[];
  interiorColour?: number[];
}

/** Each page's annotations, read by pikepdf. */
export function annotationsOf(pdf: Buffer): ReadAnnotation[][] {
  const script = `
import json, sys, pikepdf
def numbers(v): return None if v is None else [float(n) for n in v]
with pikepdf.open(sys.argv[1]) as pdf:
    out = []
    for page in pdf.pages:
        found = []
        for a in page.obj.get('/Annots', []):
            ap = a.get('/AP')
            found.append({
                'subtype': str(a.get('/Subtype')), 'rect': numbers(a.get('/Rect')),
                'hasAppearance': isinstance(ap, pikepdf.Dictionary) and isinstance(ap.get('/N'), pikepdf.Stream),
                'contents': str(a.get('/Contents')) if '/Contents' in a else None,
                'lineEndings': [str(n) for n in a.get('/LE')] if '/LE' in a else None,
                'line': numbers(a.get('/L')), 'inkStrokes': len(a.get('/InkList')) if '/InkList' in a else None,
                'quadPoints': numbers(a.get('/QuadPoints')), 'colour': numbers(a.get('/C')), 'interiorColour': numbers(a.get('/IC'))})
        out.append(found)
    print(json.dumps(out))
`;
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const answer = JSON.parse(execFileSync('/usr/bin/python3', ['-c', script, join(dir, 'x.pdf')], { encoding: 'utf8' })) as ReadAnnotation[][];
    return answer.map((page) => page.map((a) => Object.fromEntries(Object.entries(a).filter(([, v]) => v !== null)) as unknown as ReadAnnotation));
  });
}

/** `pdfimages -list` rows: page, type (image, smask) and encoding. */
export function imageRows(pdf: Buffer): { page: number; type: string; encoding: string }[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const list = execFileSync('pdfimages', ['-list', join(dir, 'x.pdf')], { encoding: 'utf8' });
    return list
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const columns = line.trim().split(/\s+/);
        return { page: Number(columns[0]), type: columns[2], encoding: columns[8] };
      });
  });
}

/** Pixels that differ between two 72 dpi renderings of a page inside `region`. */
export function changedIn(before: ColourImage, after: ColourImage, region: Region): number {
  let changed = 0;
  for (let y = Math.max(0, Math.round(region.top)); y < Math.min(after.height, Math.round(region.bottom)); y++) {
    for (let x = Math.max(0, Math.round(region.left)); x < Math.min(after.width, Math.round(region.right)); x++) {
      const i = 3 * (y * after.width + x);
      if (Math.abs(before.rgb[i] - after.rgb[i]) + Math.abs(before.rgb[i + 1] - after.rgb[i + 1]) + Math.abs(before.rgb[i + 2] - after.rgb[i + 2]) > 60)
        changed++;
    }
  }
  return changed;
}
