import type { GrayImage } from '../../engines/poppler';
import type { WordBox } from '../../engines/poppler-text';
import { findRulingLines, type RulingLine } from './ruling-lines';
import { borderlessTables, fillGrid, findGrids, ruledTables, tablesOnPage } from './tables';

/** A word `text` whose box starts at (x, y) (points, top-left origin), 10 pt high, 5 pt per character. */
const word = (text: string, x: number, y: number): WordBox => ({ text, xMin: x, yMin: y, xMax: x + 5 * text.length, yMax: y + 10 });

/** Words laid out as a table: rows 20 pt apart from `top`, columns at `xs`. */
function tableWords(cells: string[][], xs: number[], top: number): WordBox[] {
  return cells.flatMap((row, r) => row.flatMap((cell, c) => (cell ? splitWords(cell, xs[c], top + r * 20) : [])));
}

function splitWords(text: string, x: number, y: number): WordBox[] {
  const words: WordBox[] = [];
  let at = x;
  for (const part of text.split(' ')) {
    words.push(word(part, at, y));
    at += 5 * part.length + 3;
  }
  return words;
}

/** A white image with black lines drawn on it, 1 px per point (dpi 72). */
function imageWithLines(
  width: number,
  height: number,
  draw: { h?: [number, number, number][]; v?: [number, number, number][]; fill?: [number, number, number, number][] },
): GrayImage {
  const pixels = new Uint8Array(width * height).fill(255);
  for (const [y, x0, x1] of draw.h ?? []) for (let x = x0; x <= x1; x++) pixels[y * width + x] = 0;
  for (const [x, y0, y1] of draw.v ?? []) for (let y = y0; y <= y1; y++) pixels[y * width + x] = 0;
  for (const [x0, y0, x1, y1] of draw.fill ?? []) for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) pixels[y * width + x] = 40;
  return { width, height, pixels };
}

describe('ruling lines', () => {
  it('finds long thin lines, ignores short strokes and takes only the outline of a filled area', () => {
    const image = imageWithLines(400, 300, {
      h: [
        [50, 20, 300],
        [51, 20, 300],
        [100, 20, 300],
        [120, 30, 35],
      ],
      v: [
        [20, 50, 100],
        [300, 50, 100],
        [200, 150, 155],
      ],
      fill: [[20, 200, 300, 260]],
    });
    const { horizontals, verticals } = findRulingLines(image, 72);
    const byPlace = (a: number[], b: number[]) => a[0] - b[0] || a[1] - b[1];
    expect(horizontals.map((l) => [l.at, l.from, l.to]).sort(byPlace)).toEqual([
      [51, 20, 301],
      [100.5, 20, 301],
      [200.5, 20, 301],
      [260.5, 20, 301],
    ]);
    expect(verticals.map((l) => [l.at, l.from, l.to]).sort(byPlace)).toEqual([
      [20.5, 50, 101],
      [20.5, 200, 261],
      [300.5, 50, 101],
      [300.5, 200, 261],
    ]);
  });

  it('finds no lines between white letters on a dark header fill', () => {
    const image = imageWithLines(400, 100, { fill: [[20, 20, 300, 45]] });
    // White strokes 1 pt wide, 10 pt tall, every 6 pt: the gaps between them are dark columns as tall as the text.
    for (let x = 30; x < 290; x += 6) for (let y = 28; y < 38; y++) image.pixels[y * 400 + x] = 255;
    const { horizontals, verticals } = findRulingLines(image, 72);
    expect(verticals.map((l) => l.at).sort((a, b) => a - b)).toEqual([20.5, 300.5]);
    expect(horizontals.map((l) => l.at).sort((a, b) => a - b)).toEqual([20.5, 45.5]);
  });

  it("keeps a column rule whole across the row rules it crosses (LaTeX's tabular: rows 10 pt high, each between \\hline rules)", () => {
    const rows = [0, 1, 2, 3, 4].map((i) => 40 + i * 10);
    const image = imageWithLines(300, 120, {
      h: rows.map((y): [number, number, number] => [y, 20, 220]),
      v: [20, 70, 120, 220].map((x): [number, number, number] => [x, 40, 80]),
    });
    const { horizontals, verticals } = findRulingLines(image, 72);
    // Inner rules start and end a pixel inside the outer rules they meet (where ink lies on both their sides).
    const placed = (lines: RulingLine[]) => lines.map((l) => [l.at, l.from, l.to]).sort((a, b) => a[0] - b[0]);
    expect(placed(verticals)).toEqual([
      [20.5, 40, 81],
      [70.5, 41, 80],
      [120.5, 41, 80],
      [220.5, 40, 81],
    ]);
    expect(placed(horizontals)).toEqual([
      [40.5, 20, 221],
      [50.5, 21, 220],
      [60.5, 21, 220],
      [70.5, 21, 220],
      [80.5, 20, 221],
    ]);
    expect(findGrids({ horizontals, verticals })).toHaveLength(1);
  });

  it('scales pixel positions to points', () => {
    const image = imageWithLines(200, 200, { h: [[100, 0, 199]] });
    expect(findRulingLines(image, 144).horizontals).toEqual([{ at: 50.25, from: 0, to: 100 }]);
  });
});

describe('ruled tables', () => {
  const grid = {
    horizontals: [0, 20, 40, 60].map((at) => ({ at: 100 + at, from: 50, to: 350 })),
    verticals: [50, 150, 250, 350].map((at) => ({ at, from: 100, to: 160 })),
  };

  it('reads touching lines as one grid and ignores a lone rule', () => {
    const withRule = { ...grid, horizontals: [...grid.horizontals, { at: 400, from: 50, to: 500 }] };
    expect(findGrids(withRule)).toEqual([{ xs: [50, 150, 250, 350], ys: [100, 120, 140, 160] }]);
  });

  it('merges double rules into one boundary and needs two rows and two columns', () => {
    const double = { ...grid, horizontals: [...grid.horizontals, { at: 101.5, from: 50, to: 350 }] };
    expect(findGrids(double)[0].ys).toEqual([100.75, 120, 140, 160]);
    const oneRow = { horizontals: grid.horizontals.slice(0, 2), verticals: grid.verticals.map((v) => ({ ...v, to: 120 })) };
    expect(findGrids(oneRow)).toEqual([]);
  });

  it('places words by their centre, joining a cell’s lines with spaces; empty cells stay empty', () => {
    const words = [
      word('Name', 55, 105),
      word('City', 155, 105),
      word('Smith,', 55, 125),
      word('"Jr"', 90, 125),
      word('Leeds', 155, 125),
      word('two', 255, 123),
      word('lines', 255, 131),
      word('outside', 400, 105),
    ];
    expect(fillGrid({ xs: [50, 150, 250, 350], ys: [100, 120, 140] }, words)).toEqual([
      ['Name', 'City', ''],
      ['Smith, "Jr"', 'Leeds', 'two lines'],
    ]);
    expect(ruledTables(grid, words)[0]).toMatchObject({ top: 100, left: 50, bottom: 160, right: 350 });
  });
});

describe('borderless tables', () => {
  const cells = [
    ['Item', 'Quantity', 'Price'],
    ['Apples', '3', '1.20'],
    ['Green pears', '10', '4.00'],
    ['Plums', '', '2.10'],
  ];

  it('finds three aligned columns over several lines, keeping a missing cell empty', () => {
    const tables = borderlessTables(tableWords(cells, [50, 200, 350], 100));
    expect(tables.map((t) => t.rows)).toEqual([cells]);
  });

  it('ignores prose, two-column text and fewer than three rows', () => {
    const prose = [0, 1, 2, 3].flatMap((r) => splitWords('this is an ordinary line of running text that goes on', 50, 100 + r * 14));
    expect(borderlessTables(prose)).toEqual([]);
    const twoColumns = tableWords(
      [
        ['left a', 'right a'],
        ['left b', 'right b'],
        ['left c', 'right c'],
      ],
      [50, 300],
      100,
    );
    expect(borderlessTables(twoColumns)).toEqual([]);
    expect(borderlessTables(tableWords(cells.slice(0, 2), [50, 200, 350], 100))).toEqual([]);
    const newspaper = [0, 1, 2, 3].flatMap((r) => [50, 220, 390].flatMap((x) => splitWords('words of a column of prose here', x, 100 + r * 14)));
    expect(borderlessTables(newspaper)).toEqual([]);
  });

  it('splits tables separated by a wide vertical gap', () => {
    const words = [...tableWords(cells, [50, 200, 350], 100), ...tableWords(cells, [50, 200, 350], 400)];
    expect(borderlessTables(words)).toHaveLength(2);
  });
});

describe('a page', () => {
  it('takes ruled tables first and looks for borderless ones among the remaining words', () => {
    const lines = {
      horizontals: [100, 120, 140].map((at) => ({ at, from: 50, to: 350 })),
      verticals: [50, 200, 350].map((at) => ({ at, from: 100, to: 140 })),
    };
    const words = [
      ...tableWords(
        [
          ['a', 'b'],
          ['c', 'd'],
        ],
        [55, 205],
        105,
      ),
      ...tableWords(
        [
          ['x', 'y', 'z'],
          ['1', '2', '3'],
          ['4', '5', '6'],
        ],
        [50, 200, 350],
        300,
      ),
    ];
    const tables = tablesOnPage({ page: 1, width: 600, height: 800, words }, lines);
    expect(tables.map((t) => t.rows)).toEqual([
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
      [
        ['x', 'y', 'z'],
        ['1', '2', '3'],
        ['4', '5', '6'],
      ],
    ]);
  });
});
