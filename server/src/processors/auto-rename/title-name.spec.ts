import type { TextRun } from '../../engines/poppler-text';
import { linesOf, MAX_LINES, nameFromLines, safeName, titleOf } from './title-name';

/** A run as pdftohtml reports it: text, font size, top and height in points. */
const run = (text: string, fontSize: number, top: number, height = fontSize * 1.2): TextRun => ({
  text,
  fontSize,
  xMin: 72,
  xMax: 300,
  yMin: top,
  yMax: top + height,
  fontFamily: 'Helvetica',
  bold: false,
  italic: false,
  pieces: [{ text, bold: false, italic: false }],
});

describe('auto-rename titles', () => {
  it('makes lines of runs that share a height, each as large as its largest run', () => {
    expect(linesOf([run('A', 30, 100), run('nnual report', 20, 106), run('  body   text ', 11, 160), run('', 40, 200)])).toEqual([
      { text: 'A nnual report', size: 30 },
      { text: 'body text', size: 11 },
    ]);
  });

  it('reads no more than the reference’s 200 lines', () => {
    const runs = Array.from({ length: 300 }, (_, i) => run(`line ${i}`, i === 250 ? 40 : 10, i * 20));
    expect(linesOf(runs)).toHaveLength(MAX_LINES);
    expect(titleOf(linesOf(runs))).not.toContain('line 250');
  });

  it('merges consecutive lines of one size and takes the first of the largest', () => {
    const lines = [
      { text: 'Company confidential', size: 9 },
      { text: 'Quarterly Review', size: 24 },
      { text: 'of Northern Sales', size: 24.2 },
      { text: 'Body', size: 11 },
      { text: 'Another heading', size: 24 },
    ];
    expect(titleOf(lines)).toBe('Quarterly Review of Northern Sales');
    expect(titleOf([])).toBeUndefined();
  });

  it('keeps only characters safe in a file name', () => {
    expect(safeName('  Plans/Goals: Q3 "Final" <draft>?*|%\\ ')).toBe('PlansGoals Q3 Final draft');
    expect(safeName('...hidden\u0000 name\t\r\n.  ')).toBe('hidden name');
    expect(safeName('Résumé — 2024 ✓ 東京')).toBe('Résumé — 2024 ✓ 東京');
    expect(safeName('/:?')).toBe('');
  });

  it('falls back to the first line, cut at a word, only when asked, and never past 255 bytes', () => {
    const long = { text: `${'word '.repeat(80)}end`, size: 11 };
    expect(nameFromLines([long], false)).toBeUndefined();
    const fallback = nameFromLines([long, { text: 'second', size: 11 }], true);
    expect(fallback).toBe(`${'word '.repeat(20).trim()}.pdf`);
    expect(
      nameFromLines(
        [
          { text: '???', size: 30 },
          { text: 'Plain first', size: 11 },
        ],
        false,
      ),
    ).toBeUndefined();
    expect(
      nameFromLines(
        [
          { text: '???', size: 30 },
          { text: 'Plain first', size: 11 },
        ],
        true,
      ),
    ).toBe('Plain first.pdf');
    expect(nameFromLines([{ text: '東'.repeat(90), size: 20 }], false)).toBeUndefined();
    expect(nameFromLines([{ text: '東'.repeat(80), size: 20 }], false)).toBe(`${'東'.repeat(80)}.pdf`);
    expect(nameFromLines([], true)).toBeUndefined();
  });
});
