import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * PDFs made by other producers for Compress PDF (compression-corpus.py: ReportLab,
 * pikepdf, img2pdf, a simulated scan), built when a test or the bench asks; the
 * bench adds LibreOffice, Chromium and the Debian documentation (server/bench/compression-corpus.ts).
 */

const GENERATOR = resolve(__dirname, 'compression-corpus.py');

export type ProducedKind =
  'reportlab-photos' | 'reportlab-inline' | 'reportlab-form' | 'leftovers' | 'quality-traps' | 'filter-chains' | 'img2pdf' | 'scan' | 'broken';

const made = new Map<string, Buffer>();

/** A PDF of that kind at that scale (cached within a test run). */
export function producedPdf(kind: ProducedKind, scale = 1): Buffer {
  const key = `${kind}:${scale}`;
  let pdf = made.get(key);
  if (!pdf) {
    // Node's own temporary folder: the bench compiles this file too, without the tests' support.
    const dir = mkdtempSync(join(tmpdir(), 'folio-corpus-'));
    try {
      const output = join(dir, `${kind}.pdf`);
      writeProducedPdf(kind, output, scale);
      pdf = readFileSync(output);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    made.set(key, pdf);
  }
  return pdf;
}

/** Writes a PDF of that kind to `output` (or, for `photo-jpeg-<seed>`, a photograph as JPEG). */
export function writeProducedPdf(kind: ProducedKind | `photo-jpeg-${number}`, output: string, scale = 1): void {
  execFileSync('/usr/bin/python3', [GENERATOR, kind, output, '--scale', String(scale)], { stdio: ['ignore', 'ignore', 'pipe'] });
}
