import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** Real PDFs made on the fly, and real readers (qpdf, pdftotext) to check results. */

export interface MakePdfOptions {
  /** Text on each page is `<label> page <n>`. */
  label?: string;
  size?: [number, number];
  title?: string;
  /** Info ModDate. */
  modified?: Date;
}

export async function makePdf(pages: number, options: MakePdfOptions = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage(options.size ?? [300, 400]);
    page.drawText(`${options.label ?? 'doc'} page ${i}`, { x: 20, y: 200, size: 20, font });
  }
  if (options.title) doc.setTitle(options.title);
  if (options.modified) doc.setModificationDate(options.modified);
  return Buffer.from(await doc.save());
}

export function withTempDir<T>(work: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'folio-test-'));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Encrypts with qpdf (AES-256). An empty user password makes an owner-password-only PDF. */
export function encryptPdf(pdf: Buffer, userPassword: string, ownerPassword = 'owner-secret'): Buffer {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('qpdf', ['--encrypt', userPassword, ownerPassword, '256', '--', join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
    return readFileSync(join(dir, 'out.pdf'));
  });
}

function qpdfJson<T>(pdf: Buffer, keys: string[]): T {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    let stdout: string;
    try {
      stdout = execFileSync('qpdf', ['--json=2', ...keys, join(dir, 'x.pdf')], { encoding: 'utf8' });
    } catch (error) {
      // exit 3 = warnings; the JSON is still complete
      const e = error as { status?: number; stdout?: string };
      if (e.status !== 3 || !e.stdout) throw error;
      stdout = e.stdout;
    }
    return JSON.parse(stdout) as T;
  });
}

export function pageCount(pdf: Buffer): number {
  return qpdfJson<{ pages: unknown[] }>(pdf, ['--json-key=pages']).pages.length;
}

/** Effective /Rotate of every page (inherited values included), normalised to 0–270. */
export async function pageRotations(pdf: Buffer): Promise<number[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => ((page.getRotation().angle % 360) + 360) % 360);
}

/** Text of each page, via Poppler's pdftotext. */
export function pageTexts(pdf: Buffer): string[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'x.pdf'), '-'], { encoding: 'utf8' });
    return text
      .split('\f')
      .slice(0, -1)
      .map((page) => page.trim());
  });
}

export function outlineTitles(pdf: Buffer): { title: string; page: number }[] {
  interface Node {
    title: string;
    destpageposfrom1: number;
    kids: Node[];
  }
  const flat: { title: string; page: number }[] = [];
  const walk = (nodes: Node[]) => nodes.forEach((n) => (flat.push({ title: n.title, page: n.destpageposfrom1 }), walk(n.kids)));
  walk(qpdfJson<{ outlines: Node[] }>(pdf, ['--json-key=outlines']).outlines);
  return flat;
}

export function isEncrypted(pdf: Buffer): boolean {
  return qpdfJson<{ encrypt: { encrypted: boolean } }>(pdf, ['--json-key=encrypt']).encrypt.encrypted;
}

/** Bytes that start like a PDF and then fall apart. */
export const CORRUPT_PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R\nthis is not a pdf at all\n%%EOF\n');
