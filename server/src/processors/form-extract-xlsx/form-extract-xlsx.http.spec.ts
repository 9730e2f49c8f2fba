import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formExtractXlsxTool, pipelineTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { makePdf, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { reportlabFormPdf } from '../form-fields/reference-forms.fixtures';

/** Every sheet's rows, as openpyxl (a reader this code does not share) reads them. */
const workbookSheets = (xlsx: Buffer): Record<string, string[][]> =>
  withTempDir((dir) => {
    writeFileSync(join(dir, 'x.xlsx'), xlsx);
    const program = [
      'import json, sys, openpyxl',
      'book = openpyxl.load_workbook(sys.argv[1])',
      'print(json.dumps({s.title: [["" if c is None else str(c) for c in row] for row in s.iter_rows(values_only=True)] for s in book.worksheets}))',
    ].join('\n');
    return JSON.parse(execFileSync('/usr/bin/python3', ['-c', program, join(dir, 'x.xlsx')], { encoding: 'utf8' }));
  });

describe('Form Data to Excel (/api/v1/form/extract-xlsx)', () => {
  const server = useTestServer();

  it('writes a "Form Fields" sheet openpyxl reads: a header row and each field with its value', async () => {
    const res = await postTool(server, formExtractXlsxTool.endpoint, [{ name: 'form.pdf', content: reportlabFormPdf(), field: 'file' }], {
      data: '{"notes":"Call me"}',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.fileName).toBe('form_extracted.xlsx');
    expect(workbookSheets(res.body)).toEqual({
      'Form Fields': [
        ['Field Name', 'Value'],
        ['firstName', 'Ann'],
        ['agree', 'Yes'],
        ['size', 'large'],
        ['colour', 'Green'],
        ['Text7', 'B'],
        ['notes', 'Call me'],
      ],
    });
  });

  it('answers only the header row for a document without a form', async () => {
    const res = await postTool(server, formExtractXlsxTool.endpoint, [{ name: 'plain.pdf', content: await makePdf(1) }]);
    expect(workbookSheets(res.body)).toEqual({ 'Form Fields': [['Field Name', 'Value']] });
  });

  it('runs as a pipeline step, the form data of the uploaded PDF as the result', async () => {
    const json = JSON.stringify({ name: 'Form data', pipeline: [{ operation: formExtractXlsxTool.endpoint, parameters: {} }] });
    const res = await postTool(server, pipelineTool.endpoint, [{ name: 'form.pdf', content: reportlabFormPdf() }], { json });
    expect(res.status).toBe(200);
    expect(workbookSheets(res.body)['Form Fields'][1]).toEqual(['firstName', 'Ann']);
  });
});
