import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { PdfRect } from './field-geometry';

/**
 * pdf.js's real answers about a PDF, for specs: jest runs the web specs as
 * CommonJS and pdf.js is an ES module, so a child Node process opens the file
 * with pdf.js's Node build and hands back, as JSON, what the page reads
 * (pages, widgets, document information) and, for geometry checks, pdf.js's
 * own viewport rectangles of each widget.
 */

const READER = `
import { readFileSync } from 'node:fs';
const pdfjs = await import(process.argv[1]);
const [file, scale] = [process.argv[2], Number(process.argv[3])];
const doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(file)), verbosity: 0, isEvalSupported: false }).promise;
const { info } = await doc.getMetadata();
const pages = [];
for (let n = 1; n <= doc.numPages; n++) {
  const page = await doc.getPage(n);
  const annotations = await page.getAnnotations({ intent: 'display' });
  const viewport = page.getViewport({ scale });
  const shown = annotations.map((a) => (a.rect ? viewport.convertToViewportRectangle(a.rect) : null));
  pages.push({ view: page.view, rotate: page.rotate, annotations, shown });
}
process.stdout.write(JSON.stringify({ numPages: doc.numPages, info, pages }));
`;

interface ReadPage {
  view: number[];
  rotate: number;
  annotations: Record<string, unknown>[];
  /** pdf.js's viewport rectangle of each annotation at the scale asked for: [x1, y1, x2, y2] in CSS pixels. */
  shown: (number[] | null)[];
}

export interface PdfjsReading {
  /** A stand-in for the PDFDocumentProxy with pdf.js's answers. */
  doc: PDFDocumentProxy;
  pages: ReadPage[];
  info: Record<string, unknown>;
}

/** Opens `pdf` with pdf.js in a child process (about half a second). `scale` is the viewport's, for `shown`. */
export function readWithPdfjs(pdf: Uint8Array, scale = 1): PdfjsReading {
  const dir = mkdtempSync(join(tmpdir(), 'form-filler-'));
  try {
    const file = join(dir, 'form.pdf');
    writeFileSync(file, pdf);
    const pdfjsModule = require.resolve('pdfjs-dist/legacy/build/pdf.mjs');
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', READER, pdfjsModule, file, String(scale)], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const read = JSON.parse(output) as { numPages: number; info: Record<string, unknown>; pages: ReadPage[] };
    const doc = {
      numPages: read.numPages,
      getMetadata: async () => ({ info: read.info }),
      getPage: async (number: number) => {
        const page = read.pages[number - 1];
        return { view: page.view, rotate: page.rotate, getAnnotations: async () => page.annotations };
      },
    } as unknown as PDFDocumentProxy;
    return { doc, pages: read.pages, info: read.info };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** pdf.js viewport rectangle → the same CSS box field-geometry gives. */
export function boxOfViewportRect(rect: number[]): { left: number; top: number; width: number; height: number } {
  const [x1, y1, x2, y2] = rect as unknown as PdfRect;
  return { left: Math.min(x1, x2), top: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}
