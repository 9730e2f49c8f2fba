import AdmZip from 'adm-zip';
import { addAttachmentsTool, extractAttachmentsTool, pipelineTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { encryptPdf, makePdf } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import {
  compressedAttachments,
  LOGO,
  loopingTreePdf,
  MINUTES,
  nestedTreePdf,
  pikepdfAttached,
  qpdfAttached,
  qpdfAttachmentData,
  RESUME,
  UNICODE_NAME,
} from '../list-attachments/attachment-pdfs.fixtures';

const MIB = 1024 * 1024;

/** The ZIP's entries as AdmZip reads them: name → bytes, in the archive's order. */
function unzipped(zip: Buffer): [string, Buffer][] {
  return new AdmZip(zip).getEntries().map((entry) => [entry.entryName, entry.getData()]);
}

/** Every entry is checked against the data qpdf's --show-attachment decodes from the same file. */
describe('Extract Attachments (/api/v1/misc/extract-attachments)', () => {
  const server = useTestServer();
  const extract = (content: Buffer, name = 'bundle.pdf') => postTool(server, extractAttachmentsTool.endpoint, [{ name, content }]);

  it('zips every embedded file of a nested name tree, decoded, under its display name without folders', async () => {
    const pdf = nestedTreePdf();
    const res = await extract(pdf);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('bundle_attachments.zip');
    expect(unzipped(res.body)).toEqual([
      [UNICODE_NAME, qpdfAttachmentData(pdf, 'cv')],
      ['minutes.txt', qpdfAttachmentData(pdf, 'minutes.txt')],
      ['logo.png', qpdfAttachmentData(pdf, 'z-logo')],
    ]);
    expect(unzipped(res.body).map(([, data]) => data)).toEqual([RESUME, MINUTES, LOGO]);
    // The entry is dated with the file's modification date (D:20240315080000Z).
    expect(new AdmZip(res.body).getEntry(UNICODE_NAME)!.header.time.getTime()).toBe(Date.parse('2024-03-15T08:00:00Z'));
  });

  it('numbers files of one name name_1.ext, name_2.ext, as the reference (qpdf --add-attachment keys)', async () => {
    const pdf = await qpdfAttached([
      { name: 'a.txt', key: 'k1', content: Buffer.from('one') },
      { name: 'a.txt', key: 'k2', content: Buffer.from('two') },
      { name: 'dir\\a.txt', key: 'k3', content: Buffer.from('three') },
      { name: 'README', key: 'k4', content: Buffer.from('four') },
      { name: 'README', key: 'k5', content: Buffer.from('five') },
    ]);
    const res = await extract(pdf);
    expect(res.status).toBe(200);
    expect(unzipped(res.body)).toEqual([
      ['a.txt', qpdfAttachmentData(pdf, 'k1')],
      ['a_1.txt', qpdfAttachmentData(pdf, 'k2')],
      ['a_2.txt', qpdfAttachmentData(pdf, 'k3')],
      ['README', qpdfAttachmentData(pdf, 'k4')],
      ['README_1', qpdfAttachmentData(pdf, 'k5')],
    ]);
  });

  it('extracts what pikepdf and Add Attachments embedded', async () => {
    const table = Buffer.from('a,b\n1,2\n');
    const made = pikepdfAttached([
      { name: 'table.csv', content: table },
      { name: 'photo.png', content: LOGO },
    ]);
    expect(unzipped((await extract(made)).body)).toEqual([
      ['photo.png', LOGO],
      ['table.csv', table],
    ]);
    const added = await postTool(server, addAttachmentsTool.endpoint, [
      { name: 'report.pdf', content: await makePdf(1) },
      { name: 'notes.txt', field: 'attachments', content: Buffer.from('hello'), contentType: 'text/plain' },
    ]);
    expect(unzipped((await extract(added.body, 'report.pdf')).body)).toEqual([['notes.txt', Buffer.from('hello')]]);
  });

  it('skips a file decoding past 50 MiB and files past 200 MiB together, by what they decode to', async () => {
    const zeros = (mib: number) => Buffer.alloc(mib * MIB);
    const pdf = compressedAttachments([
      { name: 'a-huge.bin', content: zeros(51) },
      { name: 'b1.bin', content: zeros(45) },
      { name: 'b2.bin', content: zeros(45) },
      { name: 'b3.bin', content: zeros(45) },
      { name: 'b4.bin', content: zeros(45) },
      { name: 'b5.bin', content: zeros(45) },
      { name: 'c-small.txt', content: Buffer.from('small') },
    ]);
    const res = await extract(pdf);
    expect(res.status).toBe(200);
    const entries = new AdmZip(res.body).getEntries();
    expect(entries.map((entry) => [entry.entryName, entry.header.size])).toEqual([
      ['b1.bin', 45 * MIB],
      ['b2.bin', 45 * MIB],
      ['b3.bin', 45 * MIB],
      ['b4.bin', 45 * MIB],
      ['c-small.txt', 5],
    ]);
    // Alone, the oversized file leaves nothing to extract.
    const only = await extract(compressedAttachments([{ name: 'huge.bin', content: zeros(51) }]));
    expect(only.status).toBe(400);
    expect(only.json.detail).toBe('No embedded attachments found in the provided PDF');
  }, 120_000);

  it('decodes other filters (ASCII hex) with qpdf, and reads a looping name tree once', async () => {
    const hex = await extract(compressedAttachments([{ name: 'hex.txt', content: Buffer.from('hex encoded\n'), encoding: 'hex' }]));
    expect(hex.status).toBe(200);
    expect(unzipped(hex.body)).toEqual([['hex.txt', Buffer.from('hex encoded\n')]]);
    const looping = await extract(loopingTreePdf());
    expect(looping.status).toBe(200);
    expect(unzipped(looping.body)).toEqual([['loop.txt', Buffer.from('loop')]]);
  });

  it('answers 400 "No embedded attachments found in the provided PDF" for a PDF without any', async () => {
    const res = await extract(await makePdf(1));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json.detail).toBe('No embedded attachments found in the provided PDF');
  });

  it('refuses a PDF that needs a password with the standard 400, and reads one with only an owner password', async () => {
    const pdf = await qpdfAttached([{ name: 'a.txt', content: Buffer.from('attached text') }]);
    const res = await extract(encryptPdf(pdf, 'user-secret'));
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/password/i);
    const ownerOnly = await extract(encryptPdf(pdf, ''));
    expect(ownerOnly.status).toBe(200);
    expect(unzipped(ownerOnly.body)).toEqual([['a.txt', Buffer.from('attached text')]]);
  });

  it('runs as a pipeline step: renamed, then extracted', async () => {
    const pdf = await qpdfAttached([{ name: 'draft.txt', content: Buffer.from('text') }]);
    const res = await postTool(server, pipelineTool.endpoint, [{ name: 'bundle.pdf', content: pdf }], {
      json: JSON.stringify({
        name: 'Rename and extract',
        pipeline: [
          { operation: '/api/v1/misc/rename-attachment', parameters: { attachmentName: 'draft.txt', newName: 'final.txt' } },
          { operation: extractAttachmentsTool.endpoint, parameters: {} },
        ],
      }),
    });
    expect(res.status).toBe(200);
    // The pipeline unpacks a step's ZIP into its files, as the reference's does: one file comes back as itself.
    expect(res.fileName).toBe('final.txt');
    expect(res.body).toEqual(Buffer.from('text'));
  });
});
