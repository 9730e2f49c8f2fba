import { addAttachmentsTool, renameAttachmentTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { encryptPdf, makePdf, pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import {
  LOGO,
  MINUTES,
  nestedTreePdf,
  pikepdfAttached,
  qpdfAttached,
  qpdfAttachmentData,
  qpdfAttachmentNames,
  qpdfOutput,
  RESUME,
  UNICODE_NAME,
} from '../list-attachments/attachment-pdfs.fixtures';

/** qpdf's description of each attachment: key → its /Desc. */
function descriptions(pdf: Buffer): Record<string, string | null> {
  const json = JSON.parse(qpdfOutput(pdf, (f) => ['--json=2', '--json-key=attachments', f]).toString('utf8')) as {
    attachments: Record<string, { description: string | null }>;
  };
  return Object.fromEntries(Object.entries(json.attachments).map(([key, entry]) => [key, entry.description]));
}

/** The keys of the EmbeddedFiles tree's root node, in the order its /Names array holds them (qpdf's object listing). */
function rootKeys(pdf: Buffer): string[] {
  const objects = JSON.parse(qpdfOutput(pdf, (f) => ['--json=2', '--json-key=qpdf', f]).toString('utf8')).qpdf[1] as Record<string, { value?: any }>;
  const resolve = (value: any) => (typeof value === 'string' && / R$/.test(value) ? objects[`obj:${value}`]?.value : value);
  const catalog = resolve(objects.trailer.value['/Root']);
  const root = resolve(resolve(catalog['/Names'])['/EmbeddedFiles']);
  expect(root['/Kids']).toBeUndefined();
  return (resolve(root['/Names']) as string[])
    .filter((_, i) => i % 2 === 0)
    .map((key) => Buffer.from(key.slice(2), key.startsWith('u:') ? 'utf8' : 'hex').toString());
}

/** Each result is read back by qpdf: its attachment list, the data it decodes and the tree's objects. */
describe('Rename Attachment (/api/v1/misc/rename-attachment)', () => {
  const server = useTestServer();
  const rename = (content: Buffer, fields: Record<string, string>, name = 'bundle.pdf') =>
    postTool(server, renameAttachmentTool.endpoint, [{ name, content }], fields);

  it('renames the file its Unicode display name finds in a nested tree: /F, /UF and key, description kept, tree one sorted node', async () => {
    const res = await rename(nestedTreePdf(), { attachmentName: UNICODE_NAME, newName: 'cv-2024.txt' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('bundle_attachment_renamed.pdf');
    expect(qpdfAttachmentNames(res.body)).toEqual({
      'cv-2024.txt': 'cv-2024.txt',
      'minutes.txt': 'minutes.txt',
      nofile: 'nofile.txt',
      'z-logo': 'docs/logo.png',
    });
    expect(rootKeys(res.body)).toEqual(['cv-2024.txt', 'minutes.txt', 'nofile', 'z-logo']);
    expect(descriptions(res.body)['cv-2024.txt']).toBe('Curriculum vitae');
    expect(qpdfAttachmentData(res.body, 'cv-2024.txt')).toEqual(RESUME);
    expect(qpdfAttachmentData(res.body, 'minutes.txt')).toEqual(MINUTES);
    expect(qpdfAttachmentData(res.body, 'z-logo')).toEqual(LOGO);
    expect(pageTexts(res.body)).toEqual(['nested tree']);
  });

  it('gives a file a Unicode name, sorted after the Latin ones (qpdf --add-attachment)', async () => {
    const pdf = await qpdfAttached([
      { name: 'a.txt', content: Buffer.from('a') },
      { name: 'b.txt', content: Buffer.from('b') },
    ]);
    const res = await rename(pdf, { attachmentName: 'a.txt', newName: '報告.txt' });
    expect(res.status).toBe(200);
    expect(qpdfAttachmentNames(res.body)).toEqual({ 'b.txt': 'b.txt', '報告.txt': '報告.txt' });
    expect(rootKeys(res.body)).toEqual(['b.txt', '報告.txt']);
    expect(qpdfAttachmentData(res.body, '報告.txt')).toEqual(Buffer.from('a'));
  });

  it('replaces an entry already keyed with the new name, as the reference does', async () => {
    const pdf = pikepdfAttached([
      { name: 'old.txt', content: Buffer.from('old') },
      { name: 'new.txt', content: Buffer.from('was new') },
    ]);
    const res = await rename(pdf, { attachmentName: 'old.txt', newName: 'new.txt' });
    expect(res.status).toBe(200);
    expect(qpdfAttachmentNames(res.body)).toEqual({ 'new.txt': 'new.txt' });
    expect(qpdfAttachmentData(res.body, 'new.txt')).toEqual(Buffer.from('old'));
  });

  it('renames what Add Attachments embedded', async () => {
    const added = await postTool(server, addAttachmentsTool.endpoint, [
      { name: 'report.pdf', content: await makePdf(2) },
      { name: 'notes.txt', field: 'attachments', content: Buffer.from('hello'), contentType: 'text/plain' },
    ]);
    const res = await rename(added.body, { attachmentName: 'notes.txt', newName: 'minutes.txt' }, 'report.pdf');
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('report_attachment_renamed.pdf');
    expect(qpdfAttachmentNames(res.body)).toEqual({ 'minutes.txt': 'minutes.txt' });
    expect(descriptions(res.body)['minutes.txt']).toBe('Embedded attachment: notes.txt');
    expect(pageTexts(res.body)).toEqual(['doc page 1', 'doc page 2']);
  });

  it('matches the display name exactly, capitals included: otherwise 400 "Attachment \'<name>\' not found for renaming"', async () => {
    const pdf = await qpdfAttached([{ name: 'notes.txt', content: Buffer.from('n') }]);
    const res = await rename(pdf, { attachmentName: 'NOTES.TXT', newName: 'x.txt' });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe("Attachment 'NOTES.TXT' not found for renaming");
    const none = await rename(await makePdf(1), { attachmentName: 'notes.txt', newName: 'x.txt' });
    expect(none.status).toBe(400);
    expect(none.json.detail).toBe("Attachment 'notes.txt' not found for renaming");
  });

  it('refuses blank names with the reference’s messages', async () => {
    const pdf = await qpdfAttached([{ name: 'notes.txt', content: Buffer.from('n') }]);
    const blankOld = await rename(pdf, { attachmentName: '  ', newName: 'x.txt' });
    expect(blankOld.status).toBe(400);
    expect(blankOld.json.detail).toContain('Attachment name cannot be null or empty');
    const blankNew = await rename(pdf, { attachmentName: 'notes.txt', newName: '' });
    expect(blankNew.status).toBe(400);
    expect(blankNew.json.detail).toContain('New attachment name cannot be null or empty');
  });

  it('refuses a PDF that needs a password with the standard 400, and renames in one with only an owner password', async () => {
    const pdf = await qpdfAttached([{ name: 'notes.txt', content: Buffer.from('n') }]);
    const res = await rename(encryptPdf(pdf, 'user-secret'), { attachmentName: 'notes.txt', newName: 'x.txt' });
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/password/i);
    const ownerOnly = await rename(encryptPdf(pdf, ''), { attachmentName: 'notes.txt', newName: 'x.txt' });
    expect(ownerOnly.status).toBe(200);
    expect(qpdfAttachmentNames(ownerOnly.body)).toEqual({ 'x.txt': 'x.txt' });
    expect(qpdfAttachmentData(ownerOnly.body, 'x.txt')).toEqual(Buffer.from('n'));
  });
});
