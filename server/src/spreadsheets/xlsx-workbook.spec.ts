import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { columnName, uniqueSheetNames, writeWorkbook } from './xlsx-workbook';

/** openpyxl (a reader this code does not share) reads every sheet back as rows of text. */
function readWithOpenpyxl(path: string): Record<string, (string | null)[][]> {
  const script = [
    'import json, sys, openpyxl',
    'book = openpyxl.load_workbook(sys.argv[1])',
    'print(json.dumps({s.title: [[c for c in row] for row in s.iter_rows(values_only=True)] for s in book.worksheets}))',
  ].join('\n');
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', script, path], { encoding: 'utf8' }));
}

describe('writeWorkbook', () => {
  let folder: string;
  beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'xlsx-'))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('writes one sheet per table that another reader opens, cells kept as text', async () => {
    const output = join(folder, 'tables.xlsx');
    await writeWorkbook(output, [
      {
        name: 'Page 1',
        rows: [
          ['Station', 'Reading'],
          ['007', '3 < 4 & "ok"'],
          ['', 'Zürich 東京'],
        ],
      },
      { name: 'Page 1', rows: [['a']] },
    ]);
    expect(readWithOpenpyxl(output)).toEqual({
      'Page 1': [
        ['Station', 'Reading'],
        ['007', '3 < 4 & "ok"'],
        [null, 'Zürich 東京'],
      ],
      'Page 1 (2)': [['a']],
    });
  });

  it('names columns past Z as spreadsheets do', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('makes sheet names Excel accepts: no forbidden characters, at most 31 characters, unique without regard to case', () => {
    const names = uniqueSheetNames(['a/b:c', '', 'x'.repeat(40), 'X'.repeat(40), 'Totals', 'TOTALS']);
    expect(names).toEqual(['a b c', 'Sheet2', 'x'.repeat(31), 'X'.repeat(27) + ' (2)', 'Totals', 'TOTALS (2)']);
    expect(names.every((name) => name.length <= 31)).toBe(true);
  });
});
