import { analyseDocument } from './analyse';
import { findGutter, readingOrder } from './columns';
import { joinLines, vocabularyOf } from './dehyphenate';
import { linesOf } from './lines';
import { listMarkerOf } from './lists';
import { toMarkdown } from '../write/markdown';
import { withoutPageFurniture } from './page-furniture';
import { toPlainText } from '../write/plain-text';
import { escapeRtf, toRtf } from '../write/rtf';
import { pageOf, stack } from '../test-boxes';
import type { LayoutPage } from '../types';

describe('layout analysis', () => {
  describe('joinLines', () => {
    it('joins lines with spaces and mends words broken with a hyphen', () => {
      expect(joinLines(['for exam-', 'ple this', 'works'])).toBe('for example this works');
    });

    it('keeps the hyphen of compounds and before capitals', () => {
      expect(joinLines(['a self-', 'made man'])).toBe('a self-made man');
      expect(joinLines(['the Jean-', 'Paul case'])).toBe('the Jean-Paul case');
    });

    it('follows the document where it shows the word either way', () => {
      expect(joinLines(['an e-', 'mail'], vocabularyOf(['send an e-mail']))).toBe('an e-mail');
      expect(joinLines(['co-', 'operate'], vocabularyOf(['we cooperate']))).toBe('cooperate');
    });

    it('leaves a dash at a line end that is not inside a word', () => {
      expect(joinLines(['one -', 'two'])).toBe('one - two');
    });
  });

  describe('linesOf', () => {
    it('makes one word of pieces Poppler cut at a kern (groff: "av" + "erages" overlapping by 0.15 pt)', () => {
      const words = [
        { text: 'despite', xMin: 40, yMin: 471.43, xMax: 68, yMax: 480.49 },
        { text: 'av', xMin: 72, yMin: 471.43, xMax: 81.24, yMax: 480.49 },
        { text: 'erages', xMin: 81.09, yMin: 471.43, xMax: 106.63, yMax: 480.49 },
        { text: 'rainfall.', xMin: 109.13, yMin: 471.43, xMax: 140, yMax: 480.49 },
      ];
      const box = { xMin: 40, yMin: 471.43, xMax: 140, yMax: 480.49 };
      const [line] = linesOf({ page: 1, width: 595, height: 842, blocks: [{ ...box, lines: [{ ...box, words }] }] });
      expect(line.text).toBe('despite averages rainfall.');
      expect(line.words.map((w) => w.text)).toEqual(['despite', 'averages', 'rainfall.']);
    });
  });

  describe('listMarkerOf', () => {
    it.each([
      ['• Apples', { ordered: false, number: 0, text: 'Apples' }],
      ['- Pears', { ordered: false, number: 0, text: 'Pears' }],
      ['3. Plums', { ordered: true, number: 3, text: 'Plums' }],
      ['b) Figs', { ordered: true, number: 2, text: 'Figs' }],
      ['(4) Kiwis', { ordered: true, number: 4, text: 'Kiwis' }],
    ])('reads %p', (text, marker) => expect(listMarkerOf(text)).toEqual(marker));

    it.each(['e.g. this', '3.5 litres', 'Plain words', '-5 degrees'])('finds no marker in %p', (text) => expect(listMarkerOf(text)).toBeUndefined());
  });

  describe('columns', () => {
    const twoColumns = pageOf([
      { text: 'A Title Across Both Columns Of The Page', x: 72, y: 60, size: 18 },
      ...stack(['left one is here', 'left two is here', 'left three here', 'left four is here'], 72, 100),
      ...stack(['right one is here', 'right two is here', 'right three here', 'right four here'], 330, 100),
      { text: 'A closing line that spans the full width of the page body below', x: 72, y: 200 },
    ]);

    it('finds the gutter between two columns', () => {
      const gutter = findGutter(linesOf(twoColumns));
      expect(gutter).toBeDefined();
      expect(gutter!.left).toBeGreaterThanOrEqual(150);
      expect(gutter!.right).toBeLessThanOrEqual(330);
    });

    it('reads the spanning title, the left column, the right column, then the spanning line', () => {
      const flows = readingOrder(linesOf(twoColumns)).map((flow) => flow.map((line) => line.text));
      expect(flows).toEqual([
        ['A Title Across Both Columns Of The Page'],
        ['left one is here', 'left two is here', 'left three here', 'left four is here'],
        ['right one is here', 'right two is here', 'right three here', 'right four here'],
        ['A closing line that spans the full width of the page body below'],
      ]);
    });

    it('splits lines Poppler ran across the gutter', () => {
      const page = pageOf([]);
      const merged = pageOf(stack(['left text goes here', 'left text more here', 'left text last here'], 72, 100));
      const right = pageOf(stack(['right text goes here', 'right text more here', 'right text last here'], 330, 100));
      // Poppler's single line per row, holding both columns' words.
      page.blocks = merged.blocks.map((block, i) => {
        const words = [...block.lines[0].words, ...right.blocks[i].lines[0].words];
        return { ...block, xMax: 500, lines: [{ ...block.lines[0], xMax: 500, words }] };
      });
      const flows = readingOrder(linesOf(page)).map((flow) => flow.map((line) => line.text));
      expect(flows).toEqual([
        ['left text goes here', 'left text more here', 'left text last here'],
        ['right text goes here', 'right text more here', 'right text last here'],
      ]);
    });

    it("keeps apart columns 10 pt apart (LaTeX's twocolumn), still joining a section number to its title", () => {
      /** Justified lines of 10 pt text: words spread from `from` to `to`, so every full line ends at the gutter. */
      const justified = (texts: string[], from: number, to: number, top: number) =>
        texts.map((text, i) => {
          const words = text.split(' ');
          const inked = words.reduce((sum, w) => sum + w.length * 3.4, 0);
          const space = (to - from - inked) / (words.length - 1);
          let at = from;
          return words.map((w) => {
            const box = { text: w, xMin: at, yMin: top + i * 12, xMax: at + w.length * 3.4, yMax: top + i * 12 + 9.5 };
            at = box.xMax + space;
            return box;
          });
        });
      const left = justified(
        [
          'the station recorded rainfall across the northern valleys while',
          'volunteers measured temperature humidity and wind during',
          'several weeks of unusually settled weather and observers noted',
          'that morning readings were consistently lower than the values',
        ],
        72,
        292,
        100,
      );
      const right = justified(
        [
          'analysts compared these measurements with the historical',
          'averages and found moderate increases in the evaporation',
          'groundwater levels remained stable throughout the catchment',
          'despite irrigation demand from the surrounding farms nearby',
        ],
        302,
        522,
        100,
      );
      const heading = [[{ text: '1', xMin: 72, yMin: 80, xMax: 80, yMax: 92 }], [{ text: 'Rainfall', xMin: 96, yMin: 80, xMax: 150, yMax: 92 }]];
      // As Poppler gives them: each column's line, and the number and the title, in blocks of their own.
      const page = {
        page: 1,
        width: 595,
        height: 842,
        blocks: [...heading, ...left, ...right].map((words) => {
          const box = { xMin: words[0].xMin, yMin: words[0].yMin, xMax: words[words.length - 1].xMax, yMax: words[0].yMax };
          return { ...box, lines: [{ ...box, words }] };
        }),
      };
      const flows = readingOrder(linesOf(page)).map((flow) => flow.map((line) => line.text));
      expect(flows).toEqual([['1 Rainfall', ...left.map((line) => line.map((w) => w.text).join(' '))], right.map((line) => line.map((w) => w.text).join(' '))]);
    });

    it('finds no gutter in a single column with ragged lines', () => {
      const lines = linesOf(
        pageOf(
          stack(
            [
              'a long line of text that runs across',
              'short',
              'another long line of text running',
              'and one more long line of the text',
              'end.',
              'final long line of the text here ok',
            ],
            72,
            100,
          ),
        ),
      );
      expect(findGutter(lines)).toBeUndefined();
    });
  });

  describe('analyseDocument', () => {
    const page = pageOf([
      { text: 'Big Title', x: 72, y: 50, size: 24 },
      { text: 'Section', x: 72, y: 90, size: 16 },
      ...stack(['This paragraph runs over three lines and has a hyphen-', 'ated word in the middle of it so that the join is', 'tested properly.'], 72, 120),
      ...stack(['A second paragraph follows after a wider gap and it is', 'short.'], 72, 175),
      ...stack(['• first item', '• second item that wraps onto'], 72, 215),
      { text: 'a second line', x: 81, y: 243 },
      { text: '• third item', x: 72, y: 257 },
      ...stack(['1. one', '2. two'], 72, 285),
      { text: 'Subsection', x: 72, y: 320, size: 14 },
      { text: 'Indented first line starts a paragraph', x: 90, y: 345 },
      { text: 'that continues here without indent and goes on', x: 72, y: 359 },
      { text: 'Another indented first line starts the next', x: 90, y: 373 },
      { text: 'one.', x: 72, y: 387 },
    ]);

    it('finds headings by size, paragraphs, lists and first-line indents', () => {
      const [result] = analyseDocument([page]);
      expect(result.blocks).toEqual([
        { kind: 'heading', level: 1, text: 'Big Title', fontSize: expect.any(Number) },
        { kind: 'heading', level: 2, text: 'Section', fontSize: expect.any(Number) },
        {
          kind: 'paragraph',
          text: 'This paragraph runs over three lines and has a hyphenated word in the middle of it so that the join is tested properly.',
          fontSize: expect.any(Number),
          lastLineFull: false,
        },
        { kind: 'paragraph', text: 'A second paragraph follows after a wider gap and it is short.', fontSize: expect.any(Number), lastLineFull: false },
        {
          kind: 'list',
          ordered: false,
          start: 1,
          items: ['first item', 'second item that wraps onto a second line', 'third item'],
          fontSize: expect.any(Number),
        },
        { kind: 'list', ordered: true, start: 1, items: ['one', 'two'], fontSize: expect.any(Number) },
        { kind: 'heading', level: 3, text: 'Subsection', fontSize: expect.any(Number) },
        {
          kind: 'paragraph',
          text: 'Indented first line starts a paragraph that continues here without indent and goes on',
          fontSize: expect.any(Number),
          lastLineFull: true,
        },
        { kind: 'paragraph', text: 'Another indented first line starts the next one.', fontSize: expect.any(Number), lastLineFull: false },
      ]);
    });

    it('makes short bold lines at the body size headings, from pdftohtml runs', () => {
      const boldPage = pageOf([{ text: 'Bold Heading', x: 72, y: 50 }, ...stack(['Body text under it that runs on for a while', 'and ends here.'], 72, 75)]);
      const runs = [
        {
          page: 1,
          runs: [
            {
              text: 'Bold Heading',
              xMin: 72,
              yMin: 50,
              xMax: 140,
              yMax: 60,
              fontSize: 11,
              fontFamily: 'Helvetica-Bold',
              bold: true,
              italic: false,
              pieces: [{ text: 'Bold Heading', bold: true, italic: false }],
            },
            {
              text: 'Body text under it',
              xMin: 72,
              yMin: 75,
              xMax: 400,
              yMax: 85,
              fontSize: 11,
              fontFamily: 'Helvetica',
              bold: false,
              italic: false,
              pieces: [{ text: 'Body text under it', bold: false, italic: false }],
            },
            {
              text: 'and ends here.',
              xMin: 72,
              yMin: 89,
              xMax: 300,
              yMax: 99,
              fontSize: 11,
              fontFamily: 'Helvetica',
              bold: false,
              italic: false,
              pieces: [{ text: 'and ends here.', bold: false, italic: false }],
            },
          ],
        },
      ];
      const [result] = analyseDocument([boldPage], { runs });
      expect(result.blocks.map((b) => [b.kind, 'text' in b ? b.text : ''])).toEqual([
        ['heading', 'Bold Heading'],
        ['paragraph', 'Body text under it that runs on for a while and ends here.'],
      ]);
    });

    it('keeps the bold and italic words of a paragraph, from the <b> and <i> inside pdftohtml runs', () => {
      const styled = pageOf([{ text: 'Body with one bold word and an aside here.', x: 72, y: 75 }]);
      const { xMin, yMin, xMax, yMax } = styled.blocks[0].lines[0];
      const piece = (text: string, style: { bold?: boolean; italic?: boolean } = {}) => ({ text, bold: style.bold ?? false, italic: style.italic ?? false });
      const pieces = [piece('Body with one '), piece('bold', { bold: true }), piece(' word and '), piece('an aside', { italic: true }), piece(' here.')];
      const run = { text: pieces.map((p) => p.text).join(''), xMin, yMin, xMax, yMax, fontSize: 11, fontFamily: 'Times', bold: false, italic: false, pieces };
      const [result] = analyseDocument([styled], { runs: [{ page: 1, runs: [run] }] });
      expect(result.blocks[0]).toMatchObject({
        kind: 'paragraph',
        text: 'Body with one bold word and an aside here.',
        emphasis: [
          { start: 14, end: 18, bold: true, italic: false },
          { start: 28, end: 36, bold: false, italic: true },
        ],
      });
    });

    it('reads lines after drawn bullets as list items', () => {
      const items = pageOf([{ text: 'Some words before the list.', x: 72, y: 50 }, ...stack(['Use compost in spring', 'Mulch in summer'], 94, 80, 16)]);
      const bullets = new Map([[1, [80, 96].map((y) => ({ xMin: 80, xMax: 84, yMin: y + 3, yMax: y + 7 }))]]);
      const [result] = analyseDocument([items], { bullets });
      expect(result.blocks.map((b) => [b.kind, b.kind === 'list' ? b.items : 'text' in b ? b.text : ''])).toEqual([
        ['paragraph', 'Some words before the list.'],
        ['list', ['Use compost in spring', 'Mulch in summer']],
      ]);
    });

    it('nests list items by where their markers stand', () => {
      const nested = pageOf([
        { text: '• fruit', x: 80, y: 50 },
        { text: '◦ apples', x: 100, y: 66 },
        { text: '◦ pears', x: 100, y: 82 },
        { text: '• bread', x: 80, y: 98 },
      ]);
      const [result] = analyseDocument([nested]);
      expect(result.blocks).toEqual([
        { kind: 'list', ordered: false, start: 1, items: ['fruit', 'apples', 'pears', 'bread'], levels: [0, 1, 1, 0], fontSize: expect.any(Number) },
      ]);
    });

    it('keeps fixed-width lines as code with their indentation', () => {
      const codePage = pageOf([...stack(['if (x) {', 'return y;', '}'], 72, 50, 12, 10)]);
      codePage.blocks[1].lines[0].words = codePage.blocks[1].lines[0].words.map((w) => ({ ...w, xMin: w.xMin + 12, xMax: w.xMax + 12 }));
      const runs = [
        {
          page: 1,
          runs: codePage.blocks.map((b) => ({
            text: '',
            xMin: b.xMin,
            yMin: b.yMin,
            xMax: b.xMax + 12,
            yMax: b.yMax,
            fontSize: 10,
            fontFamily: 'CourierNewPSMT',
            bold: false,
            italic: false,
            pieces: [],
          })),
        },
      ];
      const [result] = analyseDocument([codePage], { runs });
      expect(result.blocks).toEqual([{ kind: 'code', lines: ['if (x) {', '  return y;', '}'], fontSize: 10 }]);
    });

    it('drops running headers, footers and page numbers', () => {
      const pages = [1, 2, 3].map((n) =>
        pageOf(
          [
            { text: 'Annual Report 2024', x: 72, y: 20, size: 9 },
            ...stack([`Body of page ${n} is here.`], 72, 100),
            { text: `Page ${n}`, x: 300, y: 760, size: 9 },
          ],
          n,
        ),
      );
      const kept = withoutPageFurniture(pages.map((p) => ({ height: p.height, lines: linesOf(p) })));
      expect(kept.map((lines) => lines.map((l) => l.text))).toEqual([['Body of page 1 is here.'], ['Body of page 2 is here.'], ['Body of page 3 is here.']]);
    });

    it("drops bare page numbers set at the same height above the foot margin on every page (LaTeX's article: 745 pt of 842)", () => {
      const pages = [1, 2, 3].map((n) =>
        pageOf([...stack([`Body of page ${n} is here.`, 'And its last line.'], 72, 100), { text: String(n), x: 295, y: 745, size: 10 }], n, [595, 842]),
      );
      const kept = withoutPageFurniture(pages.map((p) => ({ height: p.height, lines: linesOf(p) })));
      expect(kept.map((lines) => lines.map((l) => l.text))).toEqual([1, 2, 3].map((n) => [`Body of page ${n} is here.`, 'And its last line.']));
    });

    it('joins a paragraph cut by the column break', () => {
      const columns = pageOf([
        ...stack(['The sentence starts in the left', 'column and it does not', 'stop at the bottom of it'], 72, 100),
        ...stack(['but carries on at the top of the', 'right column until it ends.', 'More words for the column.'], 330, 100),
      ]);
      const [result] = analyseDocument([columns]);
      expect(result.blocks[0]).toMatchObject({
        kind: 'paragraph',
        text: 'The sentence starts in the left column and it does not stop at the bottom of it but carries on at the top of the right column until it ends. More words for the column.',
      });
    });
  });

  describe('ragged paragraphs', () => {
    /** Left-aligned paragraphs, one after the other, `gap` points apart beyond the leading of 14. */
    const raggedPage = (paragraphs: string[][], gap: number) => {
      let y = 60;
      return pageOf(
        paragraphs.flatMap((lines) => {
          const placed = stack(lines, 72, y);
          y += lines.length * 14 + gap;
          return placed;
        }),
      );
    };
    const paragraphs = [
      ['The stations recorded rainfall in the valleys', 'while volunteers measured the wind speed and', 'humidity.'],
      ['Observers noted lower readings in the morning', 'than in the afternoon. The sensors were checked', 'twice.'],
      // A ragged line that ends a sentence, well short of the right edge, inside the paragraph.
      [
        'Two remote stations lost their data after the',
        'storms had damaged all batteries.',
        'Analysts then compared the measurements with',
        'historical averages.',
      ],
      ['Groundwater levels stayed stable across the whole', 'catchment despite the demand from the farms', 'nearby.'],
      ['Maintenance teams replaced sensors and cleaned', 'the collectors on each of their visits to the', 'sites.'],
      ['Every adjustment was written in the logbook by', 'the team that made it on the day.'],
    ];

    it('keeps a paragraph whole at a short line ending a sentence, where the document spaces its paragraphs', () => {
      const [result] = analyseDocument([raggedPage(paragraphs, 8)]);
      expect(result.blocks.map((b) => ('text' in b ? b.text : b.kind))).toEqual(paragraphs.map((lines) => lines.join(' ')));
    });

    /** Paragraphs whose first line is indented 18 points, with no gap between them, from `y` down at `x`. */
    const indented = (lines: string[][], x: number, y: number) =>
      lines.flatMap((paragraph, p) => paragraph.map((text, i) => ({ text, x: i === 0 ? x + 18 : x, y: y + (lines.slice(0, p).flat().length + i) * 14 })));
    const leftColumn = [
      ['Observers noted lower readings', 'in the morning than in the', 'afternoon.'],
      ['Groundwater levels stayed', 'stable in the catchment despite', 'the demand.'],
      ['Maintenance teams replaced the', 'sensors on their visits to all', 'the sites.'],
      ['Two remote stations lost their', 'data after the storms damaged', 'batteries.'],
      ['Every adjustment was written', 'in the logbook by the team and', 'the column ends at this full.'],
    ];

    it('joins a paragraph over a column break at a sentence end when the next column opens without the first-line indent', () => {
      const page = pageOf([
        ...indented(leftColumn, 72, 100),
        ...stack(['Then the paragraph goes on at', 'the top of the right column', 'here.'], 330, 100),
        ...indented([['A new paragraph starts here', 'and it ends.']], 330, 142),
      ]);
      const [result] = analyseDocument([page]);
      expect(result.blocks.map((b) => ('text' in b ? b.text : b.kind))).toEqual([
        ...leftColumn.slice(0, -1).map((lines) => lines.join(' ')),
        'Every adjustment was written in the logbook by the team and the column ends at this full. Then the paragraph goes on at the top of the right column here.',
        'A new paragraph starts here and it ends.',
      ]);
    });

    it('keeps them apart when the next column opens with the indent', () => {
      const page = pageOf([
        ...indented(leftColumn, 72, 100),
        ...indented([['A new paragraph opens the', 'right column with its indent', 'and it goes on to here.']], 330, 100),
      ]);
      const [result] = analyseDocument([page]);
      expect(result.blocks).toHaveLength(leftColumn.length + 1);
    });

    it('still breaks there where paragraphs follow each other without a gap: nothing else marks their ends', () => {
      const [result] = analyseDocument([raggedPage(paragraphs, 0)]);
      expect(result.blocks).toHaveLength(paragraphs.length + 1);
      expect(result.blocks[3]).toMatchObject({ text: 'Analysts then compared the measurements with historical averages.' });
    });
  });

  describe('page breaks', () => {
    it('joins a paragraph the page break cut, and only that one', () => {
      const first = pageOf(stack(['The first page ends in the middle of', 'a sentence that carries on over the'], 72, 100), 1);
      const second = pageOf(
        [
          ...stack(['page break and runs on for another', 'line before it ends here.'], 72, 100),
          ...stack(['A new paragraph starts here and', 'goes on a little.'], 72, 150),
        ],
        2,
      );
      const third = pageOf(stack(['lower case after a full stop stays apart.'], 72, 100), 3);
      const result = analyseDocument([first, second, third]);
      expect(result.map((page) => page.blocks.map((b) => ('text' in b ? b.text : b.kind)))).toEqual([
        ['The first page ends in the middle of a sentence that carries on over the page break and runs on for another line before it ends here.'],
        ['A new paragraph starts here and goes on a little.'],
        ['lower case after a full stop stays apart.'],
      ]);
    });
  });

  describe('lists over page breaks', () => {
    it('makes one list of a list that goes on over the page break, numbers counting on', () => {
      const first = pageOf([{ text: 'Steps to take:', x: 72, y: 50 }, ...stack(['1. dig the bed', '2. add compost'], 80, 80, 16)], 1);
      const second = pageOf([...stack(['3. sow the seeds', '4. water them'], 80, 50, 16), { text: 'Then wait for rain.', x: 72, y: 100 }], 2);
      const third = pageOf(stack(['1. a new list', '2. of two'], 80, 50, 16), 3);
      const result = analyseDocument([first, second, third]);
      expect(result.map((page) => page.blocks.map((b) => (b.kind === 'list' ? [b.start, ...b.items] : 'text' in b ? b.text : b.kind)))).toEqual([
        ['Steps to take:', [1, 'dig the bed', 'add compost', 'sow the seeds', 'water them']],
        ['Then wait for rain.'],
        [[1, 'a new list', 'of two']],
      ]);
    });
  });

  describe('pictures', () => {
    const picture = (xMin: number, yMin: number, xMax: number, yMax: number) => ({
      path: `/p-${xMin}-${yMin}.png`,
      format: 'png' as const,
      xMin,
      yMin,
      xMax,
      yMax,
    });

    it('places a picture in its column, between the text above and below it', () => {
      const page = pageOf([
        ...stack(['Left text above the picture', 'goes on for a line.'], 72, 100),
        { text: 'Left text below the picture.', x: 72, y: 300 },
        ...stack(['Right column words are here', 'and they go on for a while', 'until the end of the column.'], 330, 100),
      ]);
      // A little wider than its column's text, into the gutter but short of the other column.
      const inLeftColumn = picture(70, 140, 320, 280);
      const [result] = analyseDocument([page], { images: new Map([[1, [inLeftColumn]]]) });
      expect(result.blocks.map((b) => (b.kind === 'image' ? 'image' : 'text' in b ? b.text : b.kind))).toEqual([
        'Left text above the picture goes on for a line.',
        'image',
        'Left text below the picture.',
        'Right column words are here and they go on for a while until the end of the column.',
      ]);
      expect(result.blocks[1]).toEqual({ kind: 'image', path: inLeftColumn.path, format: 'png', width: 250, height: 140 });
    });

    it('leaves out specks and the background under a page of text, keeps a page that is only a picture', () => {
      const text = pageOf([{ text: 'Scanned text read by OCR.', x: 72, y: 100 }], 1);
      const scan = pageOf([], 2);
      const images = new Map([
        [1, [picture(0, 0, 612, 792), picture(72, 300, 76, 304)]],
        [2, [picture(0, 0, 612, 792)]],
      ]);
      const [first, second] = analyseDocument([text, scan], { images });
      expect(first.blocks.map((b) => b.kind)).toEqual(['paragraph']);
      expect(second.blocks).toEqual([{ kind: 'image', path: '/p-0-0.png', format: 'png', width: 612, height: 792 }]);
    });
  });

  describe('writers', () => {
    const layout: LayoutPage[] = [
      {
        page: 1,
        width: 612,
        height: 792,
        blocks: [
          { kind: 'heading', level: 1, text: 'Title', fontSize: 24 },
          { kind: 'paragraph', text: 'Grüße {braces} and \\ back', fontSize: 11 },
          { kind: 'list', ordered: true, start: 3, items: ['three', 'four'], fontSize: 11 },
          {
            kind: 'table',
            rows: [
              ['a', 'b|c'],
              ['1', '2'],
            ],
          },
          { kind: 'code', lines: ['x = 1', '  y'], fontSize: 10 },
        ],
      },
      { page: 2, width: 612, height: 792, blocks: [{ kind: 'paragraph', text: '# not a heading', fontSize: 11 }] },
    ];

    it('writes Markdown', () => {
      expect(toMarkdown(layout)).toBe(
        '# Title\n\nGrüße {braces} and \\\\ back\n\n3. three\n4. four\n\n| a | b\\|c |\n| --- | --- |\n| 1 | 2 |\n\n```\nx = 1\n  y\n```\n\n\\# not a heading\n',
      );
    });

    it('marks bold and italic words in Markdown and RTF', () => {
      const styled: LayoutPage[] = [
        {
          page: 1,
          width: 612,
          height: 792,
          blocks: [
            {
              kind: 'paragraph',
              text: 'Some bold and slanted words.',
              fontSize: 11,
              emphasis: [
                { start: 5, end: 9, bold: true, italic: false },
                { start: 14, end: 21, bold: false, italic: true },
              ],
            },
            {
              kind: 'list',
              ordered: false,
              start: 1,
              items: ['plain', 'both here'],
              itemEmphasis: [[], [{ start: 0, end: 4, bold: true, italic: true }]],
              fontSize: 11,
            },
          ],
        },
      ];
      expect(toMarkdown(styled)).toBe('Some **bold** and *slanted* words.\n\n- plain\n- ***both*** here\n');
      expect(toRtf(styled)).toContain('Some {\\b bold} and {\\i slanted} words.');
      expect(toRtf(styled)).toContain('{\\b\\i both} here');
    });

    it('writes nested lists, numbering nested items from 1 under each outer item', () => {
      const nested: LayoutPage[] = [
        {
          page: 1,
          width: 612,
          height: 792,
          blocks: [
            { kind: 'list', ordered: true, start: 3, items: ['three', 'a', 'b', 'four', 'c'], levels: [0, 1, 1, 0, 1], fontSize: 11 },
            { kind: 'list', ordered: false, start: 1, items: ['fruit', 'apples'], levels: [0, 1], fontSize: 11 },
          ],
        },
      ];
      expect(toMarkdown(nested)).toBe('3. three\n   1. a\n   2. b\n4. four\n   1. c\n\n- fruit\n  - apples\n');
      expect(toPlainText(nested)).toBe('3. three\n  1. a\n  2. b\n4. four\n  1. c\n\n• fruit\n  • apples\n');
      expect(toRtf(nested)).toContain('\\li1080\\sa60\\fs22 1.\\tab a');
    });

    it('writes plain text', () => {
      expect(toPlainText(layout)).toBe('Title\n\nGrüße {braces} and \\ back\n\n3. three\n4. four\n\na\tb|c\n1\t2\n\nx = 1\n  y\n\n# not a heading\n');
    });

    it('writes RTF with escapes and a page break', () => {
      const rtf = toRtf(layout);
      expect(rtf.startsWith('{\\rtf1\\ansi')).toBe(true);
      expect(rtf).toContain('Gr\\u252?\\u223?e \\{braces\\} and \\\\ back');
      expect(rtf).toContain('\\page');
      expect(rtf).toContain('\\paperw12240\\paperh15840');
      expect(escapeRtf('😀')).toBe('\\u-10179?\\u-8704?');
    });
  });
});
