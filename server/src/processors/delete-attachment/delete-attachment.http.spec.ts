import { addAttachmentsTool, deleteAttachmentTool } from '@folio/registry';
import { plainText } from '../../../test/support/active-content-pdfs';
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
  UNICODE_NAME,
} from '../list-attachments/attachment-pdfs.fixtures';

/** Each result is read back by qpdf: its attachment list, the data it decodes, and the whole file decoded. */
describe('Delete Attachment (/api/v1/misc/delete-attachment)', () => {
  const server = useTestServer();
  const remove = (content: Buffer, attachmentName: string, name = 'bundle.pdf') =>
    postTool(server, deleteAttachmentTool.endpoint, [{ name, content }], { attachmentName });

  it('removes the file its Unicode display name finds in a nested tree, data and all; the others stay byte for byte', async () => {
    const res = await remove(nestedTreePdf(), UNICODE_NAME);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('bundle_attachment_deleted.pdf');
    expect(qpdfAttachmentNames(res.body)).toEqual({ 'minutes.txt': 'minutes.txt', nofile: 'nofile.txt', 'z-logo': 'docs/logo.png' });
    expect(qpdfAttachmentData(res.body, 'minutes.txt')).toEqual(MINUTES);
    expect(qpdfAttachmentData(res.body, 'z-logo')).toEqual(LOGO);
    // Nothing refers to the removed file any more: its data is not in the file at all.
    expect(plainText(res.body)).not.toContain('Curriculum vitae\n');
    expect(pageTexts(res.body)).toEqual(['nested tree']);
  });

  it('removes every file of that name, and only those (qpdf --add-attachment)', async () => {
    const pdf = await qpdfAttached([
      { name: 'a.txt', key: 'k1', content: Buffer.from('one') },
      { name: 'a.txt', key: 'k2', content: Buffer.from('two') },
      { name: 'b.txt', key: 'k3', content: Buffer.from('three') },
    ]);
    const res = await remove(pdf, 'a.txt');
    expect(res.status).toBe(200);
    expect(qpdfAttachmentNames(res.body)).toEqual({ k3: 'b.txt' });
    expect(qpdfAttachmentData(res.body, 'k3')).toEqual(Buffer.from('three'));
  });

  it('removes what pikepdf and Add Attachments embedded, down to none', async () => {
    const made = pikepdfAttached([
      { name: 'table.csv', content: Buffer.from('a,b\n') },
      { name: 'photo.png', content: LOGO },
    ]);
    const fewer = await remove(made, 'photo.png');
    expect(qpdfAttachmentNames(fewer.body)).toEqual({ 'table.csv': 'table.csv' });

    const added = await postTool(server, addAttachmentsTool.endpoint, [
      { name: 'report.pdf', content: await makePdf(2) },
      { name: 'notes.txt', field: 'attachments', content: Buffer.from('hello'), contentType: 'text/plain' },
    ]);
    const res = await remove(added.body, 'notes.txt', 'report.pdf');
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('report_attachment_deleted.pdf');
    expect(qpdfAttachmentNames(res.body)).toEqual({});
    expect(pageTexts(res.body)).toEqual(['doc page 1', 'doc page 2']);
  });

  it('matches the display name exactly, capitals included: otherwise 400 "Attachment \'<name>\' not found for deletion"', async () => {
    const pdf = await qpdfAttached([{ name: 'notes.txt', content: Buffer.from('n') }]);
    const res = await remove(pdf, 'Notes.txt');
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe("Attachment 'Notes.txt' not found for deletion");
    const none = await remove(await makePdf(1), 'notes.txt');
    expect(none.status).toBe(400);
    expect(none.json.detail).toBe("Attachment 'notes.txt' not found for deletion");
  });

  it('refuses a blank name with the reference’s message', async () => {
    const pdf = await qpdfAttached([{ name: 'notes.txt', content: Buffer.from('n') }]);
    const res = await remove(pdf, ' ');
    expect(res.status).toBe(400);
    expect(res.json.detail).toContain('Attachment name cannot be null or empty');
  });

  it('refuses a PDF that needs a password with the standard 400', async () => {
    const res = await remove(encryptPdf(await qpdfAttached([{ name: 'notes.txt', content: Buffer.from('n') }]), 'user-secret'), 'notes.txt');
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/password/i);
  });
});
