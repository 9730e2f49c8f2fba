import AdmZip from 'adm-zip';
import { rotateTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { makePdf, pageCount, pageRotations } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

describe('Rotate PDF (/api/v1/general/rotate-pdf)', () => {
  const server = useTestServer();

  it.each([
    [90, 90],
    [180, 180],
    [270, 270],
    [-90, 270],
    [360, 0],
    [450, 90],
  ])('angle %p turns every page to %p degrees', async (angle, expected) => {
    const res = await postTool(server, rotateTool.endpoint, [{ name: 'report.pdf', content: await makePdf(3) }], { angle });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('report_rotated.pdf');
    expect(pageCount(res.body)).toBe(3);
    expect(await pageRotations(res.body)).toEqual([expected, expected, expected]);
  });

  it('adds to an existing rotation', async () => {
    const once = await postTool(server, rotateTool.endpoint, [{ name: 'a.pdf', content: await makePdf(2) }], { angle: 270 });
    const twice = await postTool(server, rotateTool.endpoint, [{ name: 'a.pdf', content: once.body }], { angle: 180 });
    expect(await pageRotations(twice.body)).toEqual([90, 90]);
  });

  it('defaults to 90 degrees when no angle is sent', async () => {
    const res = await postTool(server, rotateTool.endpoint, [{ name: 'a.pdf', content: await makePdf(1) }]);
    expect(await pageRotations(res.body)).toEqual([90]);
  });

  it.each(['45', '91', 'abc', '1.5'])('refuses angle %p with the reference message', async (angle) => {
    const res = await postTool(server, rotateTool.endpoint, [{ name: 'a.pdf', content: await makePdf(1) }], { angle });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400, detail: 'Angle must be a multiple of 90', error: 'Angle must be a multiple of 90' });
  });

  it('rotates each of several files and answers a ZIP of the results', async () => {
    const res = await postTool(
      server,
      rotateTool.endpoint,
      [
        { name: 'first.pdf', content: await makePdf(2) },
        { name: 'second.pdf', content: await makePdf(3) },
      ],
      { angle: 180 },
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('first_rotated.zip');
    const entries = new AdmZip(res.body).getEntries();
    expect(entries.map((e) => e.entryName)).toEqual(['first_rotated.pdf', 'second_rotated.pdf']);
    expect(await pageRotations(entries[0].getData())).toEqual([180, 180]);
    expect(await pageRotations(entries[1].getData())).toEqual([180, 180, 180]);
  });

  it('URL-encodes the download name like the reference', async () => {
    const res = await postTool(server, rotateTool.endpoint, [{ name: 'my file (1).pdf', content: await makePdf(1) }]);
    expect(res.headers['content-disposition']).toBe('form-data; name="attachment"; filename="my%20file%20%281%29_rotated.pdf"');
  });
});
