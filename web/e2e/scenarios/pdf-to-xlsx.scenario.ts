import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { pdfToXlsxTool } from '@folio/registry';
import { withTempDir } from '../../../server/test/support/pdfs';
import { defineScenario, pdfUpload } from '../scenario';

/** A one-page PDF with a ruled 2 × 3 table. */
async function tablePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 300]);
  const cells = [
    ['Fruit', 'Qty'],
    ['Apples', '3'],
    ['Pears', '5'],
  ];
  const [left, top, width, height] = [40, 260, 120, 24];
  const black = rgb(0, 0, 0);
  for (let row = 0; row <= cells.length; row++)
    page.drawLine({ start: { x: left, y: top - row * height }, end: { x: left + 2 * width, y: top - row * height }, thickness: 1, color: black });
  for (let col = 0; col <= 2; col++)
    page.drawLine({ start: { x: left + col * width, y: top }, end: { x: left + col * width, y: top - cells.length * height }, thickness: 1, color: black });
  cells.forEach((line, row) =>
    line.forEach((text, col) => page.drawText(text, { x: left + col * width + 6, y: top - (row + 1) * height + 8, size: 10, font })),
  );
  return Buffer.from(await doc.save());
}

/** Sheet names and cells as openpyxl reads them. */
function readWorkbook(xlsx: Buffer): { sheets: string[]; rows: unknown[][] } {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.xlsx'), xlsx);
    const script =
      'import json, sys, openpyxl\nb = openpyxl.load_workbook(sys.argv[1])\nprint(json.dumps({"sheets": b.sheetnames, "rows": [list(r) for r in b.worksheets[0].iter_rows(values_only=True)]}))';
    return JSON.parse(execFileSync('/usr/bin/python3', ['-c', script, join(dir, 'x.xlsx')], { encoding: 'utf8' })) as { sheets: string[]; rows: unknown[][] };
  });
}

export default defineScenario(pdfToXlsxTool, [
  {
    name: 'puts a ruled table on a sheet named Page 1 and saves <name>.xlsx',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('table.pdf', await tablePdf())]);
      await ctx.run();
      const result = await ctx.download();
      expect(result.name).toBe('table.xlsx');
      expect(readWorkbook(result.bytes)).toEqual({
        sheets: ['Page 1'],
        rows: [
          ['Fruit', 'Qty'],
          ['Apples', '3'],
          ['Pears', '5'],
        ],
      });
    },
  },
]);
