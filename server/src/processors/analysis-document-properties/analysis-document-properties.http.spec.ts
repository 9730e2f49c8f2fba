import { analysisDocumentPropertiesTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { encryptPdf, makePdf } from '../../../test/support/pdfs';
import { writePdf } from '../../../test/support/pdf-writer';
import { useTestServer } from '../../../test/support/test-server';
import { officeFormPdf, pdfinfo, reportlabNotes, STRUCTURES, structuresPdf } from '../analysis-page-count/analysis-pdfs.fixtures';

/** The eight keys, in the order the answer gives them. */
const KEYS = ['title', 'author', 'subject', 'keywords', 'creator', 'producer', 'creationDate', 'modificationDate'];

/** The answer pdfinfo's reading of the Info dictionary predicts (-isodates: ISO-8601 in the offset written). */
function popplerProperties(pdf: Buffer): Record<string, string | null> {
  const info = pdfinfo(pdf, '-isodates');
  const at = (key: string) => info[key] ?? null;
  return {
    title: at('Title'),
    author: at('Author'),
    subject: at('Subject'),
    keywords: at('Keywords'),
    creator: at('Creator'),
    producer: at('Producer'),
    creationDate: at('CreationDate'),
    modificationDate: at('ModDate'),
  };
}

describe('Document Properties (/api/v1/analysis/document-properties)', () => {
  const server = useTestServer();
  const properties = (content: Buffer, name = 'notes.pdf') => postTool(server, analysisDocumentPropertiesTool.endpoint, [{ name, content }]);

  it('answers the Info dictionary of a reportlab document as pdfinfo reads it, the real Producer, dates in ISO-8601', async () => {
    const pdf = reportlabNotes();
    const res = await properties(pdf);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.fileName).toBe('notes_properties.json');
    expect(Object.keys(res.json)).toEqual(KEYS);
    expect(res.json).toEqual(popplerProperties(pdf));
    expect(res.json).toMatchObject({ title: 'Field notes', author: 'Asha Rao', subject: 'Survey', keywords: 'soil, seeds', creator: 'Folio tests' });
    expect(res.json.producer).toMatch(/ReportLab/);
    expect(res.json.creationDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/);
  });

  it('reads a LibreOffice document’s properties the same way', async () => {
    const pdf = await officeFormPdf();
    const res = await properties(pdf);
    expect(res.json).toEqual(popplerProperties(pdf));
    expect(res.json).toMatchObject({ title: 'Membership form', producer: expect.stringMatching(/^LibreOffice/) });
  }, 120_000);

  it('keeps the offset a date was written in, reads one without as UTC, and gives null for what is missing or no text', async () => {
    const pdf = structuresPdf();
    const res = await properties(pdf);
    expect(res.json).toEqual({
      title: STRUCTURES.info.title,
      // Written as a name, which PDFBox (and Poppler) read as no text.
      author: null,
      subject: null,
      keywords: null,
      creator: null,
      producer: STRUCTURES.info.producer,
      creationDate: '2025-01-06T10:00:00+05:30',
      modificationDate: '2024-01-02T03:04:05Z',
    });
    expect(res.json).toEqual(popplerProperties(pdf));
  });

  it('answers all eight keys as null for a file without an Info dictionary, and null for a date that is no date', async () => {
    const bare = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    ]);
    expect((await properties(bare)).json).toEqual(Object.fromEntries(KEYS.map((key) => [key, null])));
    const odd = writePdf(
      [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
        '<< /Title <FEFF00C9007400E9> /CreationDate (yesterday) /ModDate (D:20241302030405) >>',
      ],
      '/Info 4 0 R',
    );
    expect((await properties(odd)).json).toMatchObject({ title: 'Été', creationDate: null, modificationDate: null });
  });

  it('reads an owner-password-only file’s encrypted strings decrypted; refuses one that needs a password with 400 E004', async () => {
    const owned = reportlabNotes({ ownerOnly: true });
    const res = await properties(owned);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(popplerProperties(owned));
    expect(res.json.title).toBe('Field notes');
    const locked = await properties(encryptPdf(await makePdf(1, { title: 'Secret' }), 'user-secret'));
    expect([locked.status, locked.json.errorCode]).toEqual([400, 'E004']);
  });
});
