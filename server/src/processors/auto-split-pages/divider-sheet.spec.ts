import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { withTempDir } from '../../../test/support/pdfs';
import { DIVIDER_SHEET_FILE, DIVIDER_SHEET_LINES, dividerSheetSvg } from './divider-sheet';
import { FOLIO_DIVIDER_TEXT } from './divider-texts';

const SHEET = resolve(__dirname, '../../../..', DIVIDER_SHEET_FILE);

describe('the divider sheet (web/public/auto-split-divider.pdf)', () => {
  if (process.env.UPDATE_DIVIDER_SHEET) {
    it('is written anew', () => {
      const qr = execFileSync('qrencode', ['-t', 'SVG', '--rle', '-l', 'H', '-m', '0', '-s', '1', '-o', '-', FOLIO_DIVIDER_TEXT], { encoding: 'utf8' });
      withTempDir((dir) => {
        writeFileSync(join(dir, 'sheet.svg'), dividerSheetSvg(qr));
        execFileSync('rsvg-convert', ['-f', 'pdf', '-o', SHEET, join(dir, 'sheet.svg')]);
      });
      expect(existsSync(SHEET)).toBe(true);
    });
  }

  it('is one page whose QR code zbar reads as Folio’s divider text', () => {
    withTempDir((dir) => {
      execFileSync('pdftoppm', ['-r', '100', '-gray', '-png', SHEET, join(dir, 'sheet')]);
      // zbar, a reader other than the one the tool uses (OpenCV's).
      const read = execFileSync('zbarimg', ['-q', '--raw', join(dir, 'sheet-1.png')], { encoding: 'utf8' });
      expect(read.trim()).toBe(FOLIO_DIVIDER_TEXT);
      expect(execFileSync('pdfinfo', [SHEET], { encoding: 'utf8' })).toMatch(/^Pages:\s+1$/m);
    });
  });

  it('carries the printed instructions as text', () => {
    const text = execFileSync('pdftotext', ['-layout', SHEET, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const line of DIVIDER_SHEET_LINES) expect(text).toContain(line);
    expect(readFileSync(SHEET).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
