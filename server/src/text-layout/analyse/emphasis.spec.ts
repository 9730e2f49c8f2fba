import type { WordBox } from '../../engines/poppler-text';
import { emphasisOf, shiftEmphasis, styledPieces } from './emphasis';

const word = (text: string, style: { bold?: boolean; italic?: boolean } = {}): WordBox => ({ text, xMin: 0, yMin: 0, xMax: 1, yMax: 1, ...style });

describe('emphasis', () => {
  it('finds styled words in the joined text, neighbours of one style as one stretch', () => {
    const words = [word('A'), word('very', { bold: true }), word('bold', { bold: true }), word('claim,'), word('said', { italic: true })];
    const text = 'A very bold claim, said';
    expect(emphasisOf(text, words)).toEqual([
      { start: 2, end: 11, bold: true, italic: false },
      { start: 19, end: 23, bold: false, italic: true },
    ]);
  });

  it('follows a word mended across a line break and skips a list marker the text lost', () => {
    const words = [word('•'), word('an'), word('exam-', { bold: true }), word('ple', { bold: true }), word('here')];
    expect(emphasisOf('an example here', words)).toEqual([{ start: 3, end: 10, bold: true, italic: false }]);
  });

  it('cuts a text into plain and styled pieces', () => {
    const stretches = shiftEmphasis([{ start: 0, end: 4, bold: true, italic: false }], 5);
    expect(styledPieces('Some bold text', stretches)).toEqual([
      { text: 'Some ', bold: false, italic: false },
      { text: 'bold', bold: true, italic: false },
      { text: ' text', bold: false, italic: false },
    ]);
    expect(styledPieces('plain')).toEqual([{ text: 'plain', bold: false, italic: false }]);
  });
});
