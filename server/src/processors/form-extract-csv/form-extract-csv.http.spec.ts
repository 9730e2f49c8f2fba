import { execFileSync } from 'node:child_process';
import { formExtractCsvTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { encryptPdf, makePdf } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { reportlabFormPdf } from '../form-fields/reference-forms.fixtures';

/** Rows as Python's csv module reads them. */
const csvRows = (csv: Buffer): string[][] =>
  JSON.parse(
    execFileSync('/usr/bin/python3', ['-c', 'import csv, io, json, sys; print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read())))))'], {
      input: csv,
      encoding: 'utf8',
    }),
  );

describe('Form Data to CSV (/api/v1/form/extract-csv)', () => {
  const server = useTestServer();
  const extract = (content: Buffer, fields: Record<string, string> = {}, name = 'form.PDF') =>
    postTool(server, formExtractCsvTool.endpoint, [{ name, content, field: 'file' }], fields);

  it('lists every field of a reportlab form and its value, every cell quoted, as a CSV reader reads it', async () => {
    const res = await extract(reportlabFormPdf());
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.fileName).toBe('form_extracted.csv');
    expect(res.body.toString('utf8').split('\n')[0]).toBe('"Field Name","Value"');
    expect(csvRows(res.body)).toEqual([
      ['Field Name', 'Value'],
      ['firstName', 'Ann'],
      ['agree', 'Yes'],
      ['size', 'large'],
      ['colour', 'Green'],
      ['Text7', 'B'],
      ['notes', ''],
    ]);
  });

  it('applies data first, in memory: options matched ignoring case, unknown names and options skipped; the name keeps an extension other than .pdf', async () => {
    const data = { firstName: ' Bea "B" ', agree: false, colour: 'blue', Text7: 'alpha,B,zzz', size: 'small', nobody: 'x' };
    const res = await extract(reportlabFormPdf(), { data: JSON.stringify(data) }, 'data.bin');
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('data.bin_extracted.csv');
    expect(csvRows(res.body)).toEqual([
      ['Field Name', 'Value'],
      ['firstName', 'Bea "B"'],
      ['agree', 'Off'],
      ['size', 'small'],
      ['colour', 'Blue'],
      ['Text7', 'Alpha,B'],
      ['notes', ''],
    ]);
  });

  it('answers only the header for a document without a form; 400 for malformed data or a password', async () => {
    const plain = await extract(await makePdf(1));
    expect(plain.body.toString('utf8')).toBe('"Field Name","Value"\n');
    const malformed = await extract(reportlabFormPdf(), { data: '{"firstName": ' });
    expect([malformed.status, malformed.json.detail]).toEqual([400, 'data must be JSON: an object of field values.']);
    const scalar = await extract(reportlabFormPdf(), { data: '42' });
    expect(scalar.status).toBe(400);
    const locked = await extract(encryptPdf(await makePdf(1), 'user-secret'));
    expect([locked.status, locked.json.errorCode]).toEqual([400, 'E004']);
  });
});
