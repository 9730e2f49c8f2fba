import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { withTempDir } from './pdfs';

/**
 * Real-world-like PDFs for Compress PDF (photos with texture, scans, text with
 * fonts embedded whole, awkward images), made by compression-pdfs.py with
 * Debian's python3-fitz and Pillow; and independent readers of what a result holds.
 */

const GENERATOR = resolve(__dirname, 'compression-pdfs.py');
const made = new Map<string, Buffer>();

export type CompressionKind = 'brochure' | 'scan-colour' | 'scan-grey' | 'report' | 'map' | 'compressed' | 'bilevel' | 'special';

/** A generated PDF of that kind (cached per kind, scale and pages within a test run). */
export function compressionPdf(kind: CompressionKind, options: { scale?: number; pages?: number } = {}): Buffer {
  const scale = options.scale ?? 0.25;
  const key = `${kind}:${scale}:${options.pages ?? ''}`;
  let pdf = made.get(key);
  if (!pdf) {
    pdf = withTempDir((dir) => {
      const output = join(dir, `${kind}.pdf`);
      const pages = options.pages ? ['--pages', String(options.pages)] : [];
      execFileSync('/usr/bin/python3', [GENERATOR, kind, output, '--scale', String(scale), ...pages], { stdio: ['ignore', 'ignore', 'pipe'] });
      return readFileSync(output);
    });
    made.set(key, pdf);
  }
  return pdf;
}

const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });

/** One row of `pdfimages -list`. */
export interface ListedImage {
  page: number;
  type: string;
  width: number;
  height: number;
  color: string;
  components: number;
  bpc: number;
  encoding: string;
}

/** Poppler's list of the images every page draws. */
export function listImages(pdf: Buffer): ListedImage[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return run('pdfimages', ['-list', join(dir, 'x.pdf')])
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const f = line.trim().split(/\s+/);
        return {
          page: Number(f[0]),
          type: f[2],
          width: Number(f[3]),
          height: Number(f[4]),
          color: f[5],
          components: Number(f[6]),
          bpc: Number(f[7]),
          encoding: f[8],
        };
      });
  });
}

/**
 * A hash of each image's pixels as Poppler decodes them (`pdfimages`' uncompressed PNM, then
 * ImageMagick to raw 8-bit RGBA, so a palette or a grey PNG of the same pixels
 * hashes alike), in drawing order.
 */
export function imagePixelHashes(pdf: Buffer): string[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    run('pdfimages', [join(dir, 'x.pdf'), join(dir, 'img')]);
    return readdirSync(dir)
      .filter((name) => name.startsWith('img-'))
      .sort()
      .map((name) => {
        const raw = execFileSync('/usr/bin/convert-im6.q16', [join(dir, name), '-depth', '8', 'rgba:-'], { maxBuffer: 512 * 1024 * 1024 });
        return createHash('sha256').update(raw).digest('hex');
      });
  });
}

/**
 * Image objects whose colour space has colour (RGB, CMYK, an ICC profile of 3 or 4
 * components, a palette over one of those), read with qpdf: their stored size and filter.
 */
export function colourImageObjects(pdf: Buffer): { length: number; filter: unknown }[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const objects = JSON.parse(run('qpdf', ['--json=2', '--json-key=qpdf', '--json-stream-data=none', join(dir, 'x.pdf')])).qpdf[1] as Record<
      string,
      { value?: any; stream?: { dict: any } }
    >;
    const resolve = (value: unknown): any =>
      typeof value === 'string' && / R$/.test(value) ? (objects[`obj:${value}`]?.value ?? objects[`obj:${value}`]?.stream?.dict) : value;
    const coloured = (space: unknown): boolean => {
      const cs = resolve(space);
      if (typeof cs === 'string') return ['/DeviceRGB', '/DeviceCMYK', '/RGB', '/CMYK', '/CalRGB'].includes(cs);
      if (!Array.isArray(cs)) return false;
      if (cs[0] === '/Indexed' || cs[0] === '/I') return coloured(cs[1]);
      if (cs[0] === '/ICCBased') return resolve(cs[1])?.['/N'] !== 1;
      return cs[0] === '/CalRGB' || cs[0] === '/Lab';
    };
    return Object.values(objects)
      .map((o) => o.stream?.dict)
      .filter((d) => d && d['/Subtype'] === '/Image' && coloured(d['/ColorSpace']))
      .map((d) => ({ length: d['/Length'] as number, filter: d['/Filter'] }));
  });
}

/** Every page rendered by Poppler (PPM bytes), for pixel-for-pixel comparison. */
export function renderedPages(pdf: Buffer, dpi = 50): Buffer[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    run('pdftoppm', ['-r', String(dpi), join(dir, 'x.pdf'), join(dir, 'page')]);
    return readdirSync(dir)
      .filter((name) => name.startsWith('page'))
      .sort()
      .map((name) => readFileSync(join(dir, name)));
  });
}

/** The PPM's pixels, skipping its header. */
export function ppmPixels(ppm: Buffer): { width: number; height: number; rgb: Buffer } {
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not a binary PPM');
  return { width: Number(header[1]), height: Number(header[2]), rgb: ppm.subarray(header[0].length) };
}

/** What survives or not, read with qpdf and Poppler: outline titles, links, form fields and their values, Info entries, fonts. */
export function documentParts(pdf: Buffer) {
  return withTempDir((dir) => {
    const path = join(dir, 'x.pdf');
    writeFileSync(path, pdf);
    const json = JSON.parse(run('qpdf', ['--json=2', '--json-key=qpdf', '--json-key=outlines', '--json-key=acroform', '--json-key=pages', path]));
    const objects = json.qpdf[1] as Record<string, { value?: any; stream?: { dict: any } }>;
    const value = (ref: unknown) =>
      typeof ref === 'string' && objects[`obj:${ref}`] ? (objects[`obj:${ref}`].value ?? objects[`obj:${ref}`].stream?.dict) : ref;
    const outlines = (json.outlines as { title: string; destpageposfrom1: number | null }[]).map((o) => `${o.title} → ${o.destpageposfrom1}`);
    const links = (json.pages as { object: string }[]).flatMap((page, index) => {
      const annots = (value(value(page.object)['/Annots']) ?? []) as unknown[];
      return annots
        .map(value)
        .filter((annot: any) => annot['/Subtype'] === '/Link')
        .map((annot: any) => {
          const action = value(annot['/A']);
          return `page ${index + 1}: ${action?.['/URI'] ?? (action?.['/S'] === '/GoTo' ? 'goto' : annot['/Dest'] ? 'dest' : '?')}`;
        });
    });
    const fields = (json.acroform.fields as { fullname: string; value: unknown; fieldtype: string }[]).map(
      (f) => `${f.fullname} (${f.fieldtype}) = ${JSON.stringify(f.value)}`,
    );
    const info = Object.fromEntries(
      run('pdfinfo', [path])
        .split('\n')
        .map((line) => /^(Title|Author|Subject|Keywords|Creator):\s*(.*)$/.exec(line))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => [m[1], m[2].trim()]),
    );
    const fonts = run('pdffonts', [path])
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const m = /\s(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line);
        return {
          name: line
            .slice(0, 37)
            .trim()
            .replace(/^[A-Z]{6}\+/, ''),
          embedded: m?.[1] === 'yes',
          subset: m?.[2] === 'yes',
        };
      });
    return { outlines, links, fields, info, fonts };
  });
}

/**
 * Each page's PSNR (dB, 99 when identical) between two PDFs as Poppler draws them
 * in colour at `dpi`: the measure the "visibly damaged at 28 dB" used.
 */
export function pagePsnr(original: Buffer, result: Buffer, dpi = 50): number[] {
  const before = renderedPages(original, dpi).map(ppmPixels);
  const after = renderedPages(result, dpi).map(ppmPixels);
  if (before.length !== after.length) throw new Error(`${after.length} pages instead of ${before.length}`);
  return before.map((a, page) => {
    const b = after[page];
    const width = Math.min(a.width, b.width);
    const height = Math.min(a.height, b.height);
    let sum = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width * 3; x++) {
        const d = a.rgb[y * a.width * 3 + x] - b.rgb[y * b.width * 3 + x];
        sum += d * d;
      }
    }
    const mse = sum / (width * height * 3);
    return mse === 0 ? 99 : Math.round(10 * Math.log10((255 * 255) / mse) * 10) / 10;
  });
}

/** Every object of the file as qpdf reads it (streams: their dictionaries), keyed 'obj:N 0 R'. */
export function qpdfObjects(pdf: Buffer): Record<string, { value?: any; stream?: { dict: Record<string, any> } }> {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return JSON.parse(run('qpdf', ['--json=2', '--json-key=qpdf', '--json-stream-data=none', join(dir, 'x.pdf')])).qpdf[1];
  });
}

/** qpdf's check of the file's structure: the warnings it has (none for a sound file). */
export function structureWarnings(pdf: Buffer): string[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    try {
      const out = execFileSync('qpdf', ['--check', join(dir, 'x.pdf')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      return out.split('\n').filter((line) => /^WARNING/.test(line));
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string };
      return `${e.stdout ?? ''}\n${e.stderr ?? ''}`.split('\n').filter((line) => /WARNING|ERROR/.test(line));
    }
  });
}
