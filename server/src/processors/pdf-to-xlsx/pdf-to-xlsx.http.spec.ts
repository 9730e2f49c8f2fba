import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pdfToXlsxTool, pipelineTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { officeFixture } from '../../../test/support/office-fixtures';
import { encryptPdf, makePdf, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(180_000);

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook as openpyxl reads it: sheet names in order, and each sheet's cell values (as Python gives them) row by row. */
function readWorkbook(xlsx: Buffer): { sheets: string[]; cells: Record<string, unknown[][]> } {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.xlsx'), xlsx);
    const script = [
      'import json, sys, openpyxl',
      'book = openpyxl.load_workbook(sys.argv[1])',
      'print(json.dumps({"sheets": book.sheetnames, "cells": {s.title: [list(r) for r in s.iter_rows(values_only=True)] for s in book.worksheets}}))',
    ].join('\n');
    return JSON.parse(execFileSync('/usr/bin/python3', ['-c', script, join(dir, 'x.xlsx')], { encoding: 'utf8' })) as ReturnType<typeof readWorkbook>;
  });
}

/**
 * Three pages drawn by reportlab: two ruled tables (a grid on every cell) on
 * page 1, one on page 2, prose alone on page 3.
 */
function reportlabTables(): Buffer {
  const script = `
import sys
from reportlab.lib.pagesizes import A4
from reportlab.platypus import SimpleDocTemplate, Table, TableStyle, Paragraph, Spacer, PageBreak
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib import colors
grid = TableStyle([('GRID', (0, 0), (-1, -1), 0.8, colors.black), ('FONTSIZE', (0, 0), (-1, -1), 10)])
prose = getSampleStyleSheet()['BodyText']
story = [
  Table([['Code', 'Item', 'Price'], ['007', 'Apples', '1.20'], ['010', 'Pears', '4.00']], style=grid),
  Spacer(1, 80),
  Paragraph('Between the tables, a sentence of prose.', prose),
  Spacer(1, 80),
  Table([['Region', 'Sales'], ['North', '12'], ['South', '9']], style=grid),
  PageBreak(),
  Table([['Name', 'City'], ['Asha', 'Pune'], ['Ravi', 'Delhi'], ['Li', 'Leeds']], style=grid),
  PageBreak(),
  Paragraph('This last page holds only running text, and no table of any kind.', prose),
]
SimpleDocTemplate(sys.argv[1], pagesize=A4).build(story)
`;
  return withTempDir((dir) => {
    execFileSync('/usr/bin/python3', ['-c', script, join(dir, 'tables.pdf')]);
    return require('node:fs').readFileSync(join(dir, 'tables.pdf')) as Buffer;
  });
}

/** A flat ODF spreadsheet with a bordered range, as LibreOffice Calc exports it to PDF. */
function calcSheet(rows: string[][]): string {
  const cell = (text: string) => `<table:table-cell table:style-name="ruled" office:value-type="string"><text:p>${text}</text:p></table:table-cell>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"
 xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:automatic-styles><style:style style:name="ruled" style:family="table-cell"><style:table-cell-properties fo:border="0.06pt solid #000000"/></style:style></office:automatic-styles>
<office:body><office:spreadsheet><table:table table:name="Budget">
${rows.map((row) => `<table:table-row>${row.map(cell).join('')}</table:table-row>`).join('\n')}
</table:table></office:spreadsheet></office:body></office:document>`;
}

describe('PDF to Excel (/api/v1/convert/pdf/xlsx)', () => {
  const server = useTestServer();
  const convert = (content: Buffer, fields: Record<string, string> = {}, name = 'report.pdf') =>
    postTool(server, pdfToXlsxTool.endpoint, [{ name, content }], fields);

  let reportlab: Buffer;
  beforeAll(() => {
    reportlab = reportlabTables();
  });

  it('puts every table of every page (no pageNumbers: all pages) on a sheet named by page and place, cells as text', async () => {
    const res = await convert(reportlab);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.fileName).toBe('report.xlsx');
    const book = readWorkbook(res.body);
    expect(book.sheets).toEqual(['Page 1 Table 1', 'Page 1 Table 2', 'Page 2']);
    expect(book.cells['Page 1 Table 1']).toEqual([
      ['Code', 'Item', 'Price'],
      ['007', 'Apples', '1.20'],
      ['010', 'Pears', '4.00'],
    ]);
    expect(book.cells['Page 1 Table 2']).toEqual([
      ['Region', 'Sales'],
      ['North', '12'],
      ['South', '9'],
    ]);
    expect(book.cells['Page 2']).toEqual([
      ['Name', 'City'],
      ['Asha', 'Pune'],
      ['Ravi', 'Delhi'],
      ['Li', 'Leeds'],
    ]);
  });

  it('looks only on the chosen pages, and answers 204 when they hold no table', async () => {
    const second = await convert(reportlab, { pageNumbers: '2' });
    expect(readWorkbook(second.body).sheets).toEqual(['Page 2']);
    const prose = await convert(reportlab, { pageNumbers: '3' });
    expect(prose.status).toBe(204);
    expect(prose.body.length).toBe(0);
    expect((await convert(reportlab, { pageNumbers: '9' })).status).toBe(204);
    expect((await convert(await makePdf(2))).status).toBe(204);
  });

  it('reads a ruled range LibreOffice Calc exported', async () => {
    const rows = [
      ['Quarter', 'Income', 'Costs'],
      ['Q1', '1200', '800'],
      ['Q2', '1500', '950'],
      ['Q3', '1100', '700'],
    ];
    const pdf = await officeFixture(calcSheet(rows), '.fods', 'calc_pdf_Export', '.pdf');
    const res = await convert(pdf, {}, 'budget.pdf');
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('budget.xlsx');
    const book = readWorkbook(res.body);
    expect(book.sheets).toEqual(['Page 1']);
    expect(book.cells['Page 1']).toEqual(rows);
  });

  it('refuses a malformed page expression, and a PDF locked with a password, with 400', async () => {
    expect((await convert(reportlab, { pageNumbers: 'none' })).status).toBe(400);
    expect((await convert(encryptPdf(reportlab, 'secret'))).status).toBe(400);
  });

  it('runs as the last step of a pipeline', async () => {
    const json = JSON.stringify({
      name: 'tables',
      pipeline: [
        { operation: '/api/v1/general/remove-pages', parameters: { pageNumbers: '1' } },
        { operation: pdfToXlsxTool.endpoint, parameters: { pageNumbers: 'all' } },
      ],
    });
    const res = await postTool(server, pipelineTool.endpoint, [{ name: 'report.pdf', content: reportlab }], { json });
    expect(res.status).toBe(200);
    expect(readWorkbook(res.body).sheets).toEqual(['Page 1']);
  });
});
