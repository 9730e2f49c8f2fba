import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { filterPageSizeTool } from '@folio/registry';
import { handWrittenPdf } from '../../../test/support/hand-written-pdf';
import { postTool } from '../../../test/support/http';
import { withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

/** A document written by reportlab, one page per size given as a reportlab expression (e.g. `A4`, `landscape(A4)`). */
function reportlabPdf(sizes: readonly string[]): Buffer {
  const script = `
import sys
from reportlab.pdfgen import canvas
from reportlab.lib.pagesizes import A3, A4, A5, letter, legal, landscape
c = canvas.Canvas(sys.argv[1])
for size in [${sizes.join(', ')}]:
    c.setPageSize(size)
    c.drawString(72, 72, "A page")
    c.showPage()
c.save()
`;
  return withTempDir((dir) => {
    execFileSync('/usr/bin/python3', ['-c', script, join(dir, 'out.pdf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    return readFileSync(join(dir, 'out.pdf'));
  });
}

/** One A4 page written by Ghostscript, which rounds the media box to whole points: [0 0 595 842]. */
function ghostscriptA4(): Buffer {
  return withTempDir((dir) => {
    const output = join(dir, 'out.pdf');
    execFileSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-sPAPERSIZE=a4', `-sOutputFile=${output}`, '-c', 'showpage']);
    return readFileSync(output);
  });
}

/** The first page's size as Poppler reports it. e.g. '595.276 x 841.89 pts (A4)' */
const popplerPageSize = (pdf: Buffer) =>
  withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return /^Page size:\s+(.*)$/m.exec(execFileSync('pdfinfo', [join(dir, 'x.pdf')], { encoding: 'utf8' }))![1];
  });

describe('Filter by Page Size (/api/v1/filter/filter-page-size)', () => {
  const server = useTestServer();
  const filter = (content: Buffer, fields: Record<string, string>, name = 'scan.pdf') =>
    postTool(server, filterPageSizeTool.endpoint, [{ name, content }], fields);
  const outcome = async (content: Buffer, standardPageSize: string, comparator: string) => (await filter(content, { standardPageSize, comparator })).status;

  it("passes a reportlab A4 page as Equal to A4 (PDFBox's 595.2756 × 841.8898), unchanged and under its own name", async () => {
    const a4 = reportlabPdf(['A4']);
    expect(popplerPageSize(a4)).toBe('595.276 x 841.89 pts (A4)');
    const res = await filter(a4, { standardPageSize: 'A4', comparator: 'Equal' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('scan.pdf');
    expect(res.body.equals(a4)).toBe(true);
    expect(await outcome(a4, 'A5', 'Greater')).toBe(200);
    expect(await outcome(a4, 'A3', 'Less')).toBe(200);
    const no = await filter(a4, { standardPageSize: 'A4', comparator: 'Greater' });
    expect(no.status).toBe(204);
    expect(no.body.length).toBe(0);
  });

  it('compares areas, so a landscape A4 page is Equal to A4', async () => {
    const landscape = reportlabPdf(['landscape(A4)']);
    expect(popplerPageSize(landscape)).toBe('841.89 x 595.276 pts (A4)');
    expect(await outcome(landscape, 'A4', 'Equal')).toBe(200);
  });

  it("counts a page rounded to whole points as its standard size (Ghostscript's A4 is 595 × 842, which the reference calls Less)", async () => {
    const rounded = ghostscriptA4();
    expect(popplerPageSize(rounded)).toBe('595 x 842 pts (A4)');
    expect(await outcome(rounded, 'A4', 'Equal')).toBe(200);
    expect(await outcome(rounded, 'A4', 'Less')).toBe(204);
    expect(await outcome(rounded, 'A4', 'Greater')).toBe(204);
  });

  it('tells Letter from A4 and Legal, the size named in any case', async () => {
    const letter = reportlabPdf(['letter']);
    expect(popplerPageSize(letter)).toBe('612 x 792 pts (letter)');
    expect(await outcome(letter, 'letter', 'Equal')).toBe(200);
    expect(await outcome(letter, 'A4', 'Less')).toBe(200);
    expect(await outcome(letter, 'A4', 'Equal')).toBe(204);
    expect(await outcome(letter, 'Legal', 'Less')).toBe(200);
  });

  it('looks at the first page only', async () => {
    const mixed = reportlabPdf(['A5', 'A4', 'A3']);
    expect(popplerPageSize(mixed)).toBe('419.528 x 595.276 pts');
    expect(await outcome(mixed, 'A5', 'Equal')).toBe(200);
    expect(await outcome(mixed, 'A4', 'Equal')).toBe(204);
  });

  it('reads a media box the page inherits from the page tree', async () => {
    const inherited = handWrittenPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 1190.5513 1683.7795] >>',
      '<< /Type /Page /Parent 2 0 R /Resources << >> >>',
    ]);
    expect(popplerPageSize(inherited)).toMatch(/^1190\.55 x 1683\.78 pts \(A2\)/);
    expect(await outcome(inherited, 'A2', 'Equal')).toBe(200);
    expect(await outcome(inherited, 'A1', 'Less')).toBe(200);
  });

  it('refuses a size it does not know, and a request without size or comparator', async () => {
    const a4 = reportlabPdf(['A4']);
    const unknown = await filter(a4, { standardPageSize: 'B5', comparator: 'Equal' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.detail).toBe('Invalid page size format: it must be A0 to A6, LETTER or LEGAL.');
    const noSize = await filter(a4, { comparator: 'Equal' });
    expect(noSize.status).toBe(400);
    expect(noSize.json.detail).toBe('Please choose a standard page size.');
    const noComparator = await filter(a4, { standardPageSize: 'A4' });
    expect(noComparator.status).toBe(400);
    expect(noComparator.json.detail).toBe('Please choose a comparison: Greater, Equal or Less.');
  });

  it('refuses a file that is not a PDF', async () => {
    const res = await postTool(server, filterPageSizeTool.endpoint, [{ name: 'notes.txt', content: Buffer.from('just text'), contentType: 'text/plain' }], {
      standardPageSize: 'A4',
      comparator: 'Equal',
    });
    expect(res.status).toBe(400);
    expect(res.json.type).toBe('/errors/invalid-file-type');
  });
});
