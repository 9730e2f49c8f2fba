import { addAttachmentsTool, listAttachmentsTool, pipelineTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, makePdf } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import {
  LOGO,
  loopingTreePdf,
  MINUTES,
  nestedTreePdf,
  pikepdfAttached,
  qpdfAttached,
  qpdfAttachmentData,
  qpdfAttachmentNames,
  RESUME,
  UNICODE_NAME,
} from './attachment-pdfs.fixtures';

/** Each claim is checked against qpdf's own reading of the file (its attachment list and the data it decodes). */
describe('List Attachments (/api/v1/misc/list-attachments)', () => {
  const server = useTestServer();
  const list = (content: Buffer, name = 'bundle.pdf') => postTool(server, listAttachmentsTool.endpoint, [{ name, content }]);

  it('lists a nested name tree flattened in tree order: /UF before /F, declared size or -1, type, description, ISO dates, nulls kept', async () => {
    const pdf = nestedTreePdf();
    const res = await list(pdf);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.fileName).toBe('bundle_attachments.json');
    expect(JSON.parse(res.body.toString('utf8'))).toEqual([
      {
        filename: UNICODE_NAME,
        size: RESUME.length,
        contentType: 'text/plain',
        description: 'Curriculum vitae',
        // D:20240102150405+05'30' and D:20240315080000Z, in UTC.
        creationDate: '2024-01-02T09:34:05Z',
        modificationDate: '2024-03-15T08:00:00Z',
      },
      { filename: 'minutes.txt', size: -1, contentType: null, description: null, creationDate: null, modificationDate: null },
      { filename: 'docs/logo.png', size: LOGO.length, contentType: 'image/png', description: null, creationDate: null, modificationDate: null },
    ]);
    // qpdf reads the same names (the specification without a file aside) and the same data the sizes declare.
    const names = qpdfAttachmentNames(pdf);
    expect([names.cv, names['minutes.txt'], names['z-logo']]).toEqual([UNICODE_NAME, 'minutes.txt', 'docs/logo.png']);
    expect(qpdfAttachmentData(pdf, 'cv')).toEqual(RESUME);
    expect(qpdfAttachmentData(pdf, 'minutes.txt')).toEqual(MINUTES);
    expect(qpdfAttachmentData(pdf, 'z-logo').length).toBe(LOGO.length);
  });

  it('lists what qpdf --add-attachment embedded, under the file name rather than the key', async () => {
    const notes = Buffer.from('notes\n');
    const pdf = await qpdfAttached([
      {
        name: 'notes.txt',
        key: 'k-notes',
        content: notes,
        mimeType: 'text/plain',
        description: 'Agenda',
        creationDate: 'D:20230405060708Z',
        modDate: 'D:20230405060709Z',
      },
      { name: 'data.bin', content: Buffer.alloc(3000, 7) },
    ]);
    const res = await list(pdf);
    expect(res.status).toBe(200);
    const listed = res.json ?? JSON.parse(res.body.toString('utf8'));
    expect(listed).toEqual([
      { filename: 'data.bin', size: 3000, contentType: null, description: null, creationDate: expect.any(String), modificationDate: expect.any(String) },
      {
        filename: 'notes.txt',
        size: notes.length,
        contentType: 'text/plain',
        description: 'Agenda',
        creationDate: '2023-04-05T06:07:08Z',
        modificationDate: '2023-04-05T06:07:09Z',
      },
    ]);
    expect(Object.values(qpdfAttachmentNames(pdf)).sort()).toEqual(listed.map((entry: { filename: string }) => entry.filename).sort());
  });

  it('lists what pikepdf embedded', async () => {
    const pdf = pikepdfAttached([
      { name: 'table.csv', content: Buffer.from('a,b\n1,2\n'), mimeType: 'text/csv', description: 'Figures' },
      { name: 'photo.png', content: LOGO },
    ]);
    const listed = JSON.parse((await list(pdf)).body.toString('utf8')) as {
      filename: string;
      size: number;
      contentType: string | null;
      description: string | null;
    }[];
    expect(listed.map(({ filename, contentType, description }) => ({ filename, contentType, description }))).toEqual([
      { filename: 'photo.png', contentType: null, description: null },
      { filename: 'table.csv', contentType: 'text/csv', description: 'Figures' },
    ]);
    expect(Object.values(qpdfAttachmentNames(pdf)).sort()).toEqual(['photo.png', 'table.csv']);
    // pikepdf records each size in /Params as qpdf's --show-attachment reads the data.
    expect(listed.map((entry) => entry.size)).toEqual([qpdfAttachmentData(pdf, 'photo.png').length, qpdfAttachmentData(pdf, 'table.csv').length]);
  });

  it('lists what Add Attachments embedded', async () => {
    const added = await postTool(server, addAttachmentsTool.endpoint, [
      { name: 'report.pdf', content: await makePdf(1) },
      { name: 'notes.txt', field: 'attachments', content: Buffer.from('hello'), contentType: 'text/plain' },
    ]);
    expect(added.status).toBe(200);
    const listed = JSON.parse((await list(added.body)).body.toString('utf8'));
    expect(listed).toEqual([
      {
        filename: 'notes.txt',
        size: 5,
        contentType: 'text/plain',
        description: 'Embedded attachment: notes.txt',
        creationDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        modificationDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      },
    ]);
  });

  it('reads a name tree that loops once, and lists its entry', async () => {
    const res = await list(loopingTreePdf());
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString('utf8')).map((entry: { filename: string }) => entry.filename)).toEqual(['loop.txt']);
  });

  it('answers [] for a PDF without attachments', async () => {
    const res = await list(await makePdf(2));
    expect(res.status).toBe(200);
    expect(res.body.toString('utf8')).toBe('[]');
  });

  it('refuses a PDF that needs a password, a damaged file and a file that is not a PDF with the standard 400s', async () => {
    const locked = await list(encryptPdf(await makePdf(1), 'user-secret'));
    expect(locked.status).toBe(400);
    expect(locked.json.detail).toMatch(/password/i);
    expect((await list(CORRUPT_PDF)).status).toBe(400);
    const notPdf = await postTool(server, listAttachmentsTool.endpoint, [{ name: 'notes.txt', content: Buffer.from('plain text'), contentType: 'text/plain' }]);
    expect(notPdf.status).toBe(400);
  });

  it('ends a pipeline: the attachments left after Delete Attachment, listed', async () => {
    const pdf = await qpdfAttached([
      { name: 'a.txt', content: Buffer.from('a') },
      { name: 'b.txt', content: Buffer.from('bb') },
    ]);
    const res = await postTool(server, pipelineTool.endpoint, [{ name: 'bundle.pdf', content: pdf }], {
      json: JSON.stringify({
        name: 'Drop one, list the rest',
        pipeline: [
          { operation: '/api/v1/misc/delete-attachment', parameters: { attachmentName: 'a.txt' } },
          { operation: listAttachmentsTool.endpoint, parameters: {} },
        ],
      }),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString('utf8')).map((entry: { filename: string }) => entry.filename)).toEqual(['b.txt']);
  });
});
