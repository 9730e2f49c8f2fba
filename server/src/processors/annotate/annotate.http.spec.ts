import { annotateTool } from '@folio/registry';
import { fontsOf, plainPageTexts, renderColour } from '../../../test/support/marks';
import { postTool } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, makePdf } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { reportlabNotes } from '../analysis-page-count/analysis-pdfs.fixtures';
import {
  annotationsOf,
  changedBox,
  changedIn,
  darkPixels,
  dataUrl,
  reportlabContract,
  transparentSignaturePng,
  type Region,
} from '../../../test/support/page-items';

jest.setTimeout(180_000);

const regionOf = (box: { x: number; y: number; width: number; height: number }): Region => ({
  left: Math.min(box.x, box.x + box.width),
  top: Math.min(box.y, box.y + box.height),
  right: Math.max(box.x, box.x + box.width),
  bottom: Math.max(box.y, box.y + box.height),
});

/** An item's box and two points around it (a line's box may have no height). */
function around(item: Record<string, unknown>): Region {
  const box = regionOf(item as { x: number; y: number; width: number; height: number });
  return { left: box.left - 2, top: box.top - 2, right: box.right + 2, bottom: box.bottom + 2 };
}

/** "Terms agreed by both parties on page N" (Helvetica 11, baseline 200 pt from the bottom: 592 pt down). */
const TERMS = { x: 70, y: 581, width: 230, height: 16 };

/** One item of every kind on page 1 of the contract, each in its own place, and the markup kinds over the terms. */
function everyKind(): Record<string, unknown>[] {
  return [
    { kind: 'text', page: 1, x: 72, y: 100, width: 250, height: 40, text: 'Approved by legal', fontSize: 14, color: '#d32f2f' },
    { kind: 'rectangle', page: 1, x: 72, y: 160, width: 120, height: 60, color: '#0000ff', fill: '#00ff00', thickness: 2 },
    { kind: 'ellipse', page: 1, x: 250, y: 160, width: 120, height: 60 },
    { kind: 'line', page: 1, x: 72, y: 260, width: 150, height: 30 },
    { kind: 'arrow', page: 1, x: 400, y: 300, width: -120, height: 0, thickness: 3 },
    {
      kind: 'ink',
      page: 1,
      x: 72,
      y: 320,
      width: 150,
      height: 60,
      strokes: [
        [
          [80, 370],
          [110, 330],
          [140, 370],
          [170, 330],
          [210, 360],
        ],
      ],
    },
    { kind: 'highlight', page: 1, ...TERMS },
    { kind: 'note', page: 1, x: 450, y: 100, width: 24, height: 24, text: 'Check the date' },
    { kind: 'image', page: 1, x: 450, y: 400, width: 100, height: 40, image: dataUrl(transparentSignaturePng(), 'png') },
    { kind: 'underline', page: 2, ...TERMS, color: '#0000ff' },
    { kind: 'strikeout', page: 3, ...TERMS, color: '#ff0000' },
  ];
}

describe('Add Text and Annotate (/api/v1/misc/annotate)', () => {
  const server = useTestServer();
  let contract: Buffer;
  beforeAll(() => {
    contract = reportlabContract();
  });

  const annotate = (pdf: Buffer, items: unknown, fields: Record<string, string | boolean> = {}, name = 'contract.pdf') =>
    postTool(server, annotateTool.endpoint, [{ name, content: pdf }], { items: typeof items === 'string' ? items : JSON.stringify(items), ...fields });

  it('writes each kind as a real annotation of its subtype with an appearance, drawn by Poppler in its box', async () => {
    const items = everyKind();
    const res = await annotate(contract, items);
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('contract_annotated.pdf');
    const pages = annotationsOf(res.body);
    expect(pages.map((page) => page.map((a) => a.subtype))).toEqual([
      ['/FreeText', '/Square', '/Circle', '/Line', '/Line', '/Ink', '/Highlight', '/Text', '/Stamp'],
      ['/Underline'],
      ['/StrikeOut'],
    ]);
    expect(pages.flat().every((a) => a.hasAppearance)).toBe(true);
    const [text, square, , line, arrow, ink, highlight, note] = pages[0];
    expect(text.contents).toBe('Approved by legal');
    expect(square.colour).toEqual([0, 0, 1]);
    expect(square.interiorColour).toEqual([0, 1, 0]);
    // From (72, 260) to (222, 290) down from the top of a 792 pt page.
    expect(line.line).toEqual([72, 532, 222, 502]);
    expect(line.lineEndings).toEqual(['/None', '/None']);
    expect(arrow.lineEndings).toEqual(['/None', '/OpenArrow']);
    expect(arrow.line).toEqual([400, 492, 280, 492]);
    expect(ink.inkStrokes).toBe(1);
    expect(highlight.quadPoints).toEqual([70, 211, 300, 211, 70, 195, 300, 195]);
    expect(note.contents).toBe('Check the date');

    for (const [page, kinds] of [
      [1, items.filter((item) => item.page === 1)],
      [2, items.filter((item) => item.page === 2)],
      [3, items.filter((item) => item.page === 3)],
    ] as const) {
      const before = renderColour(contract, page);
      const after = renderColour(res.body, page);
      for (const item of kinds) expect([item.kind, changedIn(before, after, around(item)) > 10]).toEqual([item.kind, true]);
    }
    // The highlight multiplies: the words under it stay dark.
    const terms = regionOf(TERMS);
    expect(darkPixels(renderColour(res.body, 1), terms)).toBeGreaterThanOrEqual(darkPixels(renderColour(contract, 1), terms) * 0.9);
  });

  it('flattens every kind into the pages: no annotations left, the marks drawn', async () => {
    const items = everyKind();
    const res = await annotate(contract, items, { flatten: true });
    expect(res.status).toBe(200);
    expect(annotationsOf(res.body)).toEqual([[], [], []]);
    for (const page of [1, 2, 3]) {
      const before = renderColour(contract, page);
      const after = renderColour(res.body, page);
      for (const item of items.filter((i) => i.page === page)) expect([item.kind, changedIn(before, after, around(item)) > 10]).toEqual([item.kind, true]);
    }
    expect(plainPageTexts(res.body)[0]).toContain('Approved by legal');
    const terms = regionOf(TERMS);
    expect(darkPixels(renderColour(res.body, 1), terms)).toBeGreaterThanOrEqual(darkPixels(renderColour(contract, 1), terms) * 0.9);
  });

  it('shapes Arabic and CJK text boxes (the text reads back, in Noto faces)', async () => {
    const items = [
      { kind: 'text', page: 1, x: 300, y: 100, width: 250, height: 40, text: 'مرحبا بالعالم', fontSize: 18 },
      { kind: 'text', page: 1, x: 300, y: 160, width: 250, height: 40, text: '你好，世界', fontSize: 18, font: 'serif' },
    ];
    const flat = await annotate(contract, items, { flatten: true });
    expect(flat.status).toBe(200);
    const [text] = plainPageTexts(flat.body);
    expect(text).toContain('مرحبا بالعالم');
    expect(text).toContain('你好，世界');
    const fonts = fontsOf(flat.body).map((font) => font.name);
    expect(fonts.some((name) => name.includes('NotoSansArabic'))).toBe(true);
    expect(fonts.some((name) => name.includes('CJK'))).toBe(true);
    // As annotations, the same appearance: drawn in the boxes.
    const annotated = await annotate(contract, items);
    const before = renderColour(contract, 1);
    const after = renderColour(annotated.body, 1);
    for (const item of items) expect(changedIn(before, after, regionOf(item))).toBeGreaterThan(20);
  });

  it('keeps the annotations a file already has, and turns text upright on a turned page', async () => {
    const notes = reportlabNotes();
    const res = await annotate(
      notes,
      [
        { kind: 'rectangle', page: 2, x: 400, y: 50, width: 100, height: 50 },
        { kind: 'text', page: 3, x: 150, y: 70, width: 40, height: 200, text: 'Checked', fontSize: 20 },
      ],
      {},
      'notes.pdf',
    );
    expect(res.status).toBe(200);
    const pages = annotationsOf(res.body);
    expect(pages[1].map((a) => a.subtype)).toEqual(['/Link', '/Text', '/Square']);
    expect(pages[1][1].contents).toBe('A sticky note');
    // Page 3 as Poppler shows it (see the Sign spec): the item's box is 130–330 across, 170–210 down.
    const drawn = changedBox(renderColour(notes, 3), renderColour(res.body, 3));
    expect(drawn).toBeDefined();
    expect(drawn!.left).toBeGreaterThanOrEqual(129);
    expect(drawn!.top).toBeGreaterThanOrEqual(169);
    expect(drawn!.bottom).toBeLessThanOrEqual(211);
    expect(drawn!.right - drawn!.left).toBeGreaterThan(2 * (drawn!.bottom - drawn!.top));
  });

  it('turns a rotated item about its middle, as an annotation and drawn into the page', async () => {
    // A bar 200 pt wide and 20 high, its middle at (306, 300) pt from the top, turned a quarter: 20 wide and 200 high.
    const bar = { kind: 'rectangle', page: 1, x: 206, y: 290, width: 200, height: 20, color: '#000000', fill: '#000000', thickness: 1, rotation: 90 };
    for (const flatten of [false, true]) {
      const res = await annotate(contract, [bar], { flatten });
      expect(res.status).toBe(200);
      const drawn = changedBox(renderColour(contract, 1), renderColour(res.body, 1))!;
      expect([flatten, drawn.right - drawn.left < 30, drawn.bottom - drawn.top > 190]).toEqual([flatten, true, true]);
      expect(Math.abs((drawn.left + drawn.right) / 2 - 306)).toBeLessThan(3);
      expect(Math.abs((drawn.top + drawn.bottom) / 2 - 300)).toBeLessThan(3);
      if (!flatten) {
        const [square] = annotationsOf(res.body)[0]!;
        const [x1, y1, x2, y2] = square!.rect;
        expect([x2! - x1! < 30, y2! - y1! > 190]).toEqual([true, true]);
      }
    }
    // Past a full turn either way is refused by the field.
    expect((await annotate(contract, [{ ...bar, rotation: 400 }])).status).toBe(400);
  });

  it('refuses what it cannot place, naming it', async () => {
    const rectangle = { kind: 'rectangle', page: 1, x: 10, y: 10, width: 50, height: 50 };
    const cases: [unknown, string][] = [
      ['[{', 'Annotations must be a JSON list of text, rectangle, ellipse, line, arrow, ink, highlight, underline, strikeout, note, image items.'],
      [
        [{ ...rectangle, kind: 'box' }],
        'Annotations: item 1 must be one of: text, rectangle, ellipse, line, arrow, ink, highlight, underline, strikeout, note, image.',
      ],
      [[{ ...rectangle, page: 9 }], 'Annotations: item 1 is on page 9, but the document has 3 pages.'],
      [[{ ...rectangle, color: 'red' }], 'Annotations: item 1 has no valid "color".'],
    ];
    for (const [items, message] of cases) {
      const res = await annotate(contract, items);
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe(message);
    }
    const corrupt = await annotate(CORRUPT_PDF, [rectangle]);
    expect(corrupt.status).toBe(400);
    const locked = await annotate(encryptPdf(contract, 'user-secret'), [rectangle]);
    expect(locked.status).toBe(400);
    expect(locked.json.type).toBe('/errors/pdf-password');
  });

  it('bounds the work alsoOnPages multiplies: ink repeated as annotations past a million points is refused, flattened it is one drawing', async () => {
    const pdf = await makePdf(60);
    const points = Array.from({ length: 20_000 }, (_, i) => [100 + (i % 300), 300 + (i % 40)]);
    const ink = [{ kind: 'ink', page: 1, alsoOnPages: 'all', x: 100, y: 300, width: 300, height: 40, strokes: [points] }];
    const annotated = await annotate(pdf, ink, {}, 'long.pdf');
    expect(annotated.status).toBe(400);
    expect(annotated.json.detail).toContain('1200000 points');
    const started = Date.now();
    const flat = await annotate(pdf, ink, { flatten: true }, 'long.pdf');
    expect(flat.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(annotationsOf(flat.body).every((page) => page.length === 0)).toBe(true);
  });

  it('runs as a pipeline step', async () => {
    const items = [{ kind: 'note', page: 2, x: 20, y: 20, width: 20, height: 20, text: 'Piped note' }];
    const definition = { name: 'Review', pipeline: [{ operation: annotateTool.endpoint, parameters: { items: JSON.stringify(items) } }] };
    const res = await postTool(server, '/api/v1/pipeline/handleData', [{ name: 'contract.pdf', content: contract }], { json: JSON.stringify(definition) });
    expect(res.status).toBe(200);
    expect(annotationsOf(res.body)[1].map((a) => a.contents)).toEqual(['Piped note']);
  });
});
