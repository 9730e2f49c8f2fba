import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { handWrittenPdf } from '../../test/support/hand-written-pdf';
import { withTempDir } from '../../test/support/pdfs';
import { pdfDate, pdfNumber, serialise } from './pdf-syntax';

/** What qpdf reads back from a dictionary written into a catalog: the independent check that the syntax is PDF. */
function readBack(dictionary: string): Record<string, unknown> {
  const pdf = handWrittenPdf([dictionary.replace(/^<</, '<< /Type /Catalog /Pages 2 0 R'), '<< /Type /Pages /Kids [] /Count 0 >>']);
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const json = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=qpdf', '--json-object=1', join(dir, 'x.pdf')], { encoding: 'utf8' }));
    return json.qpdf[1]['obj:1 0 R'].value;
  });
}

describe('PDF syntax written from qpdf JSON values', () => {
  it('writes names, text and binary strings, numbers, references, arrays and dictionaries that qpdf reads back the same', () => {
    const value = {
      '/Odd Name#': '/A/B (c)',
      '/Text': 'u:Plain (with) \\ backslash',
      '/Unicode': 'u:Aśha — राव',
      '/Binary': 'b:00ff10',
      '/Ref': '2 0 R',
      '/Numbers': [1, -2, 0.5, 612.25],
      '/Flags': [true, false, null],
      '/Nested': { '/Empty': {}, '/List': [] },
    };
    const back = readBack(serialise(value));
    expect(back).toMatchObject(value);
  });

  it('never writes exponents, which PDF has none of', () => {
    expect(pdfNumber(1e-7)).toBe('0.0000001');
    expect(pdfNumber(1e21)).toBe('1000000000000000000000');
    expect(pdfNumber(-0.25)).toBe('-0.25');
    expect(pdfNumber(Number.NaN)).toBe('0');
  });

  it('writes dates in UTC', () => {
    expect(pdfDate(new Date(Date.UTC(2025, 0, 6, 4, 30, 5)))).toBe("D:20250106043005+00'00'");
  });
});
