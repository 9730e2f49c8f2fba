import AdmZip from 'adm-zip';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { filterPageCountTool, pipelineTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, pageRotations, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

/** A document of `pages` pages written by reportlab, "<label> page n" on page n. */
function reportlabPdf(pages: number, label: string): Buffer {
  const script = `
import sys
from reportlab.pdfgen import canvas
c = canvas.Canvas(sys.argv[1])
for p in range(1, ${pages} + 1):
    c.drawString(72, 720, "${label} page %d" % p)
    c.showPage()
c.save()
`;
  return withTempDir((dir) => {
    execFileSync('/usr/bin/python3', ['-c', script, join(dir, 'out.pdf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    return readFileSync(join(dir, 'out.pdf'));
  });
}

/** The page count Poppler reads. */
const popplerPages = (pdf: Buffer) =>
  withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [join(dir, 'x.pdf')], { encoding: 'utf8' }))![1]);
  });

describe('Filter by Page Count (/api/v1/filter/filter-page-count)', () => {
  const server = useTestServer();
  let threePages: Buffer;
  let onePage: Buffer;
  beforeAll(() => {
    threePages = reportlabPdf(3, 'Long');
    onePage = reportlabPdf(1, 'Short');
  });

  const filter = (content: Buffer, fields: Record<string, string | number>, name = 'Quarterly report.pdf') =>
    postTool(server, filterPageCountTool.endpoint, [{ name, content }], fields);

  it('passes a file whose page count compares as asked: the upload itself, under its own name', async () => {
    expect(popplerPages(threePages)).toBe(3);
    for (const [comparator, pageCount] of [
      ['Greater', 2],
      ['Equal', 3],
      ['Less', 4],
    ] as const) {
      const res = await filter(threePages, { comparator, pageCount });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.fileName).toBe('Quarterly report.pdf');
      expect(res.body.equals(threePages)).toBe(true);
    }
  });

  it('answers 204 with no body and no file name when it does not', async () => {
    for (const [comparator, pageCount] of [
      ['Greater', 3],
      ['Equal', 2],
      ['Less', 3],
    ] as const) {
      const res = await filter(threePages, { comparator, pageCount });
      expect(res.status).toBe(204);
      expect(res.body.length).toBe(0);
      expect(res.headers['content-disposition']).toBeUndefined();
    }
  });

  it('takes 0 pages when pageCount is left out, as the reference does', async () => {
    expect((await filter(onePage, { comparator: 'Greater' })).status).toBe(200);
    expect((await filter(onePage, { comparator: 'Equal' })).status).toBe(204);
  });

  it("refuses a comparator other than Greater, Equal or Less with the reference's message, and none at all", async () => {
    const wrong = await filter(threePages, { comparator: 'greater', pageCount: 1 });
    expect(wrong.status).toBe(400);
    expect(wrong.json.detail).toBe("Invalid argument 'comparator': it must be Greater, Equal or Less.");
    const absent = await filter(threePages, { pageCount: 1 });
    expect(absent.status).toBe(400);
    expect(absent.json.detail).toBe('Please choose a comparison: Greater, Equal or Less.');
  });

  it('refuses a page count that is not a whole number of 0 or more', async () => {
    for (const pageCount of ['two', '1.5', '-1']) {
      const res = await filter(threePages, { comparator: 'Greater', pageCount });
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('Page count must be a whole number, 0 or more.');
    }
  });

  it('refuses a PDF locked with a user password, and a damaged one, before comparing', async () => {
    const locked = await filter(encryptPdf(threePages, 'secret'), { comparator: 'Greater', pageCount: 0 });
    expect(locked.status).toBe(400);
    expect(locked.json.type).toBe('/errors/pdf-password');
    const broken = await filter(CORRUPT_PDF, { comparator: 'Greater' });
    expect(broken.status).toBe(400);
    expect(broken.json.type).toBe('/errors/pdf-corrupted');
  });

  it('as a pipeline step, drops the file that does not pass and hands the other on to the next step', async () => {
    const definition = {
      name: 'Rotate long documents',
      pipeline: [
        { operation: filterPageCountTool.endpoint, parameters: { comparator: 'Greater', pageCount: 2 } },
        { operation: '/api/v1/general/rotate-pdf', parameters: { angle: 90 } },
      ],
    };
    const res = await postTool(
      server,
      pipelineTool.endpoint,
      [
        { name: 'long.pdf', content: threePages },
        { name: 'short.pdf', content: onePage },
      ],
      { json: JSON.stringify(definition) },
    );
    expect(res.status).toBe(200);
    // One file left: answered as itself, not as a ZIP.
    expect(res.fileName).toBe('long.pdf');
    expect(pageTexts(res.body)).toEqual(['Long page 1', 'Long page 2', 'Long page 3']);
    expect(await pageRotations(res.body)).toEqual([90, 90, 90]);
  });

  it('as a pipeline step that lets nothing through, ends the run with nothing rather than refusing the next step', async () => {
    const definition = {
      name: 'Rotate very long documents',
      pipeline: [
        { operation: filterPageCountTool.endpoint, parameters: { comparator: 'Greater', pageCount: 50 } },
        { operation: '/api/v1/general/rotate-pdf', parameters: { angle: 90 } },
      ],
    };
    const res = await postTool(server, pipelineTool.endpoint, [{ name: 'long.pdf', content: threePages }], { json: JSON.stringify(definition) });
    expect(res.status).toBe(200);
    // The declared answer for "no results": an empty output.zip.
    expect(res.fileName).toBe('output.zip');
    expect(new AdmZip(res.body).getEntries()).toEqual([]);
  });
});
