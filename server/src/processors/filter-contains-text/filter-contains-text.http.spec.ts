import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { filterContainsTextTool, pipelineTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { flatOdt, officeFixture } from '../../../test/support/office-fixtures';
import { encryptPdf, isEncrypted, makePdf, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(180_000);

const MINUTES = ['Minutes of the board meeting', 'Budget approved for the Harbour Bridge', 'Next meeting in March'];

/** One page written by reportlab whose two lines split a phrase: "... the Harbour" / "Bridge ...". */
function brokenPhrasePdf(): Buffer {
  const script = `
import sys
from reportlab.pdfgen import canvas
c = canvas.Canvas(sys.argv[1])
c.drawString(72, 720, "The council voted to repaint the Harbour")
c.drawString(72, 705, "Bridge before the summer.")
c.showPage()
c.save()
`;
  return withTempDir((dir) => {
    execFileSync('/usr/bin/python3', ['-c', script, join(dir, 'out.pdf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    return readFileSync(join(dir, 'out.pdf'));
  });
}

describe('Filter by Text (/api/v1/filter/filter-contains-text)', () => {
  const server = useTestServer();
  let minutes: Buffer;
  beforeAll(async () => {
    minutes = await officeFixture(flatOdt(MINUTES), '.fodt', 'writer_pdf_Export', '.pdf');
  });

  const filter = (content: Buffer, fields: Record<string, string>, name = 'board minutes.pdf') =>
    postTool(server, filterContainsTextTool.endpoint, [{ name, content }], fields);
  const outcome = async (fields: Record<string, string>) => (await filter(minutes, fields)).status;

  it('passes a LibreOffice document whose pages contain the text, unchanged and under its own name (every page when none are chosen)', async () => {
    expect(pageTexts(minutes)[1]).toContain('Harbour Bridge');
    const res = await filter(minutes, { text: 'Harbour Bridge' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('board minutes.pdf');
    expect(res.body.equals(minutes)).toBe(true);
  });

  it('looks on the chosen pages only, in the page grammar', async () => {
    expect(await outcome({ text: 'Harbour Bridge', pageNumbers: '2' })).toBe(200);
    expect(await outcome({ text: 'Harbour Bridge', pageNumbers: '2-3' })).toBe(200);
    expect(await outcome({ text: 'Harbour Bridge', pageNumbers: 'all' })).toBe(200);
    expect(await outcome({ text: 'Harbour Bridge', pageNumbers: '2n' })).toBe(200);
    expect(await outcome({ text: 'Harbour Bridge', pageNumbers: '1,3' })).toBe(204);
    // Pages past the end are skipped, as in the reference.
    expect(await outcome({ text: 'Harbour Bridge', pageNumbers: '7' })).toBe(204);
  });

  it('matches literally and case-sensitively, and answers 204 with no body otherwise', async () => {
    expect(await outcome({ text: 'March' })).toBe(200);
    expect(await outcome({ text: 'harbour bridge' })).toBe(204);
    const res = await filter(minutes, { text: 'Harbour.Bridge' });
    expect(res.status).toBe(204);
    expect(res.body.length).toBe(0);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('does not match a phrase broken across two lines, as the reference does not', async () => {
    const broken = brokenPhrasePdf();
    expect(pageTexts(broken)[0]).toMatch(/Harbour\s*\n\s*Bridge/);
    expect((await filter(broken, { text: 'Harbour Bridge' })).status).toBe(204);
    expect((await filter(broken, { text: 'repaint the Harbour' })).status).toBe(200);
  });

  it('passes an owner-protected PDF as it came, still encrypted', async () => {
    const protectedPdf = encryptPdf(await makePdf(2, { label: 'Sealed' }), '');
    expect(isEncrypted(protectedPdf)).toBe(true);
    const res = await filter(protectedPdf, { text: 'Sealed page 2' });
    expect(res.status).toBe(200);
    expect(res.body.equals(protectedPdf)).toBe(true);
  });

  it('refuses a request without text, and a PDF locked with a user password', async () => {
    const noText = await filter(minutes, { pageNumbers: 'all' });
    expect(noText.status).toBe(400);
    expect(noText.json.detail).toBe('Please enter the text to look for.');
    const locked = await filter(encryptPdf(minutes, 'secret'), { text: 'March' });
    expect(locked.status).toBe(400);
    expect(locked.json.type).toBe('/errors/pdf-password');
  });

  it('as a pipeline step, hands on only the documents that contain the text', async () => {
    const other = await makePdf(2, { label: 'Unrelated' });
    const definition = {
      name: 'Bridge papers, numbered',
      pipeline: [
        { operation: filterContainsTextTool.endpoint, parameters: { text: 'Harbour Bridge', pageNumbers: 'all' } },
        { operation: '/api/v1/misc/add-page-numbers', parameters: { customText: 'Folio {n}' } },
      ],
    };
    const res = await postTool(
      server,
      pipelineTool.endpoint,
      [
        { name: 'unrelated.pdf', content: other },
        { name: 'minutes.pdf', content: minutes },
      ],
      { json: JSON.stringify(definition) },
    );
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('minutes.pdf');
    const texts = pageTexts(res.body);
    expect(texts).toHaveLength(3);
    expect(texts[1]).toContain('Harbour Bridge');
    texts.forEach((text, i) => expect(text).toContain(`Folio ${i + 1}`));
  });
});
