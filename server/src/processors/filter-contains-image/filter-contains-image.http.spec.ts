import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { filterContainsImageTool, pipelineTool } from '@folio/registry';
import { handWrittenPdf } from '../../../test/support/hand-written-pdf';
import { postTool } from '../../../test/support/http';
import { listImages } from '../../../test/support/image-pdfs';
import { makePdf, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

/** Three pages written by reportlab, a photo (an ImageMagick PNG) drawn on page 2 only. */
function reportlabPhotoPdf(): Buffer {
  const script = `
import sys
from reportlab.pdfgen import canvas
c = canvas.Canvas(sys.argv[1])
for p in range(1, 4):
    c.drawString(72, 720, "Page %d" % p)
    if p == 2:
        c.drawImage(sys.argv[2], 72, 400, width=128, height=96)
    c.showPage()
c.save()
`;
  return withTempDir((dir) => {
    const png = join(dir, 'photo.png');
    execFileSync('convert', ['-size', '64x48', 'gradient:orange-navy', png]);
    execFileSync('/usr/bin/python3', ['-c', script, join(dir, 'out.pdf'), png], { stdio: ['ignore', 'ignore', 'pipe'] });
    return readFileSync(join(dir, 'out.pdf'));
  });
}

/** A stream object, its data uncompressed, one byte per character. */
const stream = (dict: string, data: string) => Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n${data}\nendstream`, 'latin1');
const BLUE_IMAGE = stream('/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceRGB /BitsPerComponent 8', '\x00\x00\xff'.repeat(4));
const form = (resources: string, content: string) => stream(`/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources << ${resources} >>`, content);
const onePage = (resources: string, contentObject: number) =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << ${resources} >> /Contents ${contentObject} 0 R >>`;

/** One page that draws an image only through a form inside a form. */
const nestedFormImagePdf = () =>
  handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    onePage('/XObject << /Outer 5 0 R >>', 4),
    stream('', 'q 1 0 0 1 50 50 cm /Outer Do Q'),
    form('/XObject << /Inner 6 0 R >>', '/Inner Do'),
    form('/XObject << /Picture 7 0 R >>', 'q 40 0 0 40 0 0 cm /Picture Do Q'),
    BLUE_IMAGE,
  ]);

/** One page whose only picture is an inline image (BI … EI) in its content. */
const inlineImagePdf = () =>
  handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    onePage('', 4),
    stream('', `q 40 0 0 40 20 20 cm BI /W 2 /H 2 /CS /RGB /BPC 8 ID ${'\x00\xff\x00'.repeat(4)} EI Q`),
  ]);

/** One page drawing two forms that name each other, and no image anywhere. */
const formLoopPdf = () =>
  handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    onePage('/XObject << /A 5 0 R >>', 4),
    stream('', '/A Do'),
    form('/XObject << /B 6 0 R >>', '0 0 10 10 re f'),
    form('/XObject << /A 5 0 R >>', '0 0 5 5 re f'),
  ]);

describe('Filter by Images (/api/v1/filter/filter-contains-image)', () => {
  const server = useTestServer();
  let photo: Buffer;
  beforeAll(() => {
    photo = reportlabPhotoPdf();
  });

  const filter = (content: Buffer, fields: Record<string, string> = {}, name = 'album.pdf') =>
    postTool(server, filterContainsImageTool.endpoint, [{ name, content }], fields);

  it('passes a reportlab document with a photo, unchanged and under its own name (every page when none are chosen)', async () => {
    expect(listImages(photo).map((image) => image.page)).toEqual([2]);
    const res = await filter(photo);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('album.pdf');
    expect(res.body.equals(photo)).toBe(true);
  });

  it('looks on the chosen pages only, and answers 204 with no body when none holds an image', async () => {
    expect((await filter(photo, { pageNumbers: '2' })).status).toBe(200);
    expect((await filter(photo, { pageNumbers: '2-3' })).status).toBe(200);
    expect((await filter(photo, { pageNumbers: '2n' })).status).toBe(200);
    const res = await filter(photo, { pageNumbers: '1,3' });
    expect(res.status).toBe(204);
    expect(res.body.length).toBe(0);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('finds an image drawn through a form inside a form', async () => {
    const nested = nestedFormImagePdf();
    expect(listImages(nested)).toEqual([{ page: 1, type: 'image', width: 2, height: 2 }]);
    expect((await filter(nested)).status).toBe(200);
  });

  it('does not count an inline image, as the reference does not', async () => {
    const inline = inlineImagePdf();
    expect(listImages(inline)).toEqual([{ page: 1, type: 'image', width: 2, height: 2 }]);
    expect((await filter(inline)).status).toBe(204);
  });

  it('ends the walk on forms that name each other', async () => {
    expect((await filter(formLoopPdf())).status).toBe(204);
  });

  it('as a pipeline step, keeps only the documents with pictures', async () => {
    const words = await makePdf(2, { label: 'Words' });
    expect(listImages(words)).toEqual([]);
    const res = await postTool(
      server,
      pipelineTool.endpoint,
      [
        { name: 'words.pdf', content: words },
        { name: 'photo.pdf', content: photo },
      ],
      { json: JSON.stringify({ name: 'Pictures only', pipeline: [{ operation: filterContainsImageTool.endpoint, parameters: { pageNumbers: 'all' } }] }) },
    );
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('photo.pdf');
    expect(res.body.equals(photo)).toBe(true);
  });

  it('refuses a page selection it cannot read', async () => {
    const res = await filter(photo, { pageNumbers: '2n+x' });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('Invalid expression format: 2n+x');
  });
});
