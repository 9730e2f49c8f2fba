import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pagesWithInk } from './pdf-layout-source';

describe('which pages without text are worth recognising', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'folio-layout-source-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const engine = () => ({ deadline: Date.now() + 30_000, timeLimitMs: 30_000, folder: dir });
  let counter = 0;
  const workspace = { newPath: (extension = '') => join(dir, `scratch-${++counter}${extension}`) };

  it('keeps a page that shows a picture and leaves out a blank one (the empty last page office programs write)', async () => {
    // A scanned page: an image of a word, made by ImageMagick, with no text layer.
    execFileSync('convert', ['-size', '600x200', 'xc:white', '-fill', 'black', '-pointsize', '72', '-draw', 'text 40,130 "Scanned"', join(dir, 'scan.png')]);
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([300, 400]).drawText('A page of text', { x: 40, y: 300, size: 14, font });
    doc.addPage([300, 400]);
    const scan = doc.addPage([300, 400]);
    scan.drawImage(await doc.embedPng(readFileSync(join(dir, 'scan.png'))), { x: 0, y: 250, width: 300, height: 100 });
    doc.addPage([300, 400]);
    const path = join(dir, 'mixed.pdf');
    writeFileSync(path, await doc.save());

    expect(await pagesWithInk(path, [2, 3, 4], workspace, engine())).toEqual([3]);
  });
});
