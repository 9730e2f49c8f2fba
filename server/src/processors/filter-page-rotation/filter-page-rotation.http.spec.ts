import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { filterPageRotationTool } from '@folio/registry';
import { handWrittenPdf } from '../../../test/support/hand-written-pdf';
import { postTool } from '../../../test/support/http';
import { withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

/** Three Letter pages written by reportlab, then turned by qpdf as `--rotate` says (e.g. '+90:1'), or not. */
function rotatedReportlabPdf(rotate?: string): Buffer {
  const script = `
import sys
from reportlab.pdfgen import canvas
c = canvas.Canvas(sys.argv[1])
for p in range(1, 4):
    c.drawString(72, 720, "Page %d" % p)
    c.showPage()
c.save()
`;
  return withTempDir((dir) => {
    const written = join(dir, 'written.pdf');
    execFileSync('/usr/bin/python3', ['-c', script, written], { stdio: ['ignore', 'ignore', 'pipe'] });
    if (!rotate) return readFileSync(written);
    execFileSync('qpdf', [`--rotate=${rotate}`, written, join(dir, 'rotated.pdf')]);
    return readFileSync(join(dir, 'rotated.pdf'));
  });
}

/** One page whose /Rotate its page tree node sets, not the page itself. */
const inheritedRotation = (rotate: string) =>
  handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [3 0 R] /Count 1 /Rotate ${rotate} >>`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Resources << >> >>',
  ]);

/** The first page's rotation as Poppler reports it. */
const popplerRotation = (pdf: Buffer) =>
  withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return Number(/^Page rot:\s+(-?\d+)/m.exec(execFileSync('pdfinfo', [join(dir, 'x.pdf')], { encoding: 'utf8' }))![1]);
  });

describe('Filter by Page Rotation (/api/v1/filter/filter-page-rotation)', () => {
  const server = useTestServer();
  const filter = (content: Buffer, fields: Record<string, string | number>) =>
    postTool(server, filterPageRotationTool.endpoint, [{ name: 'turned.pdf', content }], fields);
  const outcome = async (content: Buffer, comparator: string, rotation: number) => (await filter(content, { comparator, rotation })).status;

  it('passes a first page qpdf turned by 90 degrees, unchanged and under its own name', async () => {
    const turned = rotatedReportlabPdf('+90:1');
    expect(popplerRotation(turned)).toBe(90);
    const res = await filter(turned, { comparator: 'Equal', rotation: 90 });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('turned.pdf');
    expect(res.body.equals(turned)).toBe(true);
    expect(await outcome(turned, 'Greater', 0)).toBe(200);
    expect(await outcome(turned, 'Less', 180)).toBe(200);
    const no = await filter(turned, { comparator: 'Equal', rotation: 0 });
    expect(no.status).toBe(204);
    expect(no.body.length).toBe(0);
  });

  it('looks at the first page only', async () => {
    const secondTurned = rotatedReportlabPdf('+180:2');
    expect(popplerRotation(secondTurned)).toBe(0);
    expect(await outcome(secondTurned, 'Equal', 0)).toBe(200);
    expect(await outcome(secondTurned, 'Greater', 0)).toBe(204);
  });

  it('takes 0 degrees when rotation is left out, as the reference does', async () => {
    const upright = rotatedReportlabPdf();
    expect((await filter(upright, { comparator: 'Equal' })).status).toBe(200);
    expect((await filter(upright, { comparator: 'Greater' })).status).toBe(204);
  });

  it('reads a rotation the page inherits, normalised to 0–270: -90 is 270, so -90 itself never equals', async () => {
    const half = inheritedRotation('180');
    expect(popplerRotation(half)).toBe(180);
    expect(await outcome(half, 'Equal', 180)).toBe(200);

    const negative = inheritedRotation('-90');
    expect(popplerRotation(negative)).toBe(270);
    expect(await outcome(negative, 'Equal', 270)).toBe(200);
    expect(await outcome(negative, 'Equal', -90)).toBe(204);

    const overTurned = inheritedRotation('450');
    expect(popplerRotation(overTurned)).toBe(90);
    expect(await outcome(overTurned, 'Equal', 90)).toBe(200);
  });

  it('reads a /Rotate that is no multiple of 90 as 0, as PDFBox does', async () => {
    // PDF 32000 §7.7.3.3 allows multiples of 90 only; Poppler passes the 45 on as it is.
    const skewed = inheritedRotation('45');
    expect(await outcome(skewed, 'Equal', 0)).toBe(200);
    expect(await outcome(skewed, 'Equal', 45)).toBe(204);
  });

  it('refuses a rotation that is not a whole number, and a missing comparator', async () => {
    const upright = rotatedReportlabPdf();
    const words = await filter(upright, { comparator: 'Equal', rotation: 'ninety' });
    expect(words.status).toBe(400);
    expect(words.json.detail).toBe('Rotation must be a whole number of degrees.');
    const noComparator = await filter(upright, { rotation: 90 });
    expect(noComparator.status).toBe(400);
    expect(noComparator.json.detail).toBe('Please choose a comparison: Greater, Equal or Less.');
  });
});
