import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * A document with known structure for the layout-based converters (Markdown,
 * Word, Text/RTF): a title, subheadings, body paragraphs wrapped over several
 * lines with a word hyphenated at a line end, a bullet list, a two-column page
 * and a third page under a bold body-size heading, with a ruled table.
 */

export const LAYOUT_TEXT = {
  title: 'Quarterly Garden Report',
  subheading: 'Soil and Seeds',
  /** Lines of the first paragraph as drawn; "exam-" / "ple" is the broken word. */
  firstParagraphLines: [
    'The tomatoes grew well this season, and the compost we',
    'added in spring made a visible difference; for exam-',
    'ple the yield doubled compared with the previous year.',
  ],
  firstParagraph:
    'The tomatoes grew well this season, and the compost we added in spring made a visible difference; for example the yield doubled compared with the previous year.',
  secondParagraphLines: ['Watering was reduced in August because of the heavy', 'rain that fell during the first two weeks.'],
  bullets: ['Carrots need deeper soil', 'Beans climb the fence', 'Lettuce bolts in heat'],
  columnsHeading: 'Two Column Section',
  leftColumnLines: ['Alpha begins the left column', 'with several lines of text', 'that continue down the page', 'until the column ends here.'],
  rightColumnLines: ['Omega starts the right column', 'and carries on beside the left', 'one at the very same heights', 'before finishing right here.'],
  /** Bold, at the body size: a heading below the size-based ones. */
  boldHeading: 'Final Notes',
  /** A ruled table below the third page's paragraph. */
  table: [
    ['Crop', 'Rows', 'Yield'],
    ['Beans', '12', 'High'],
    ['Peas', '8', 'Low'],
  ],
  thirdPageLines: ['Zucchini harvest notes close the report with a', 'short paragraph on the third and final page.'],
};

function drawLines(page: PDFPage, lines: readonly string[], at: { x: number; y: number; size: number; leading: number; font: PDFFont }): number {
  let y = at.y;
  for (const line of lines) {
    page.drawText(line, { x: at.x, y, size: at.size, font: at.font });
    y -= at.leading;
  }
  return y;
}

export async function makeLayoutPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const body = { x: 72, size: 11, leading: 14, font: regular };

  const first = doc.addPage([612, 792]);
  first.drawText(LAYOUT_TEXT.title, { x: 72, y: 720, size: 24, font: bold });
  first.drawText(LAYOUT_TEXT.subheading, { x: 72, y: 680, size: 16, font: bold });
  let y = drawLines(first, LAYOUT_TEXT.firstParagraphLines, { ...body, y: 650 });
  y = drawLines(first, LAYOUT_TEXT.secondParagraphLines, { ...body, y: y - 12 });
  y -= 12;
  for (const item of LAYOUT_TEXT.bullets) {
    first.drawText('•', { x: 80, y, size: 11, font: regular });
    first.drawText(item, { x: 94, y, size: 11, font: regular });
    y -= 16;
  }

  const second = doc.addPage([612, 792]);
  second.drawText(LAYOUT_TEXT.columnsHeading, { x: 72, y: 720, size: 16, font: bold });
  drawLines(second, LAYOUT_TEXT.leftColumnLines, { ...body, y: 690 });
  drawLines(second, LAYOUT_TEXT.rightColumnLines, { ...body, x: 320, y: 690 });

  const third = doc.addPage([612, 792]);
  third.drawText(LAYOUT_TEXT.boldHeading, { x: 72, y: 720, size: 11, font: bold });
  drawLines(third, LAYOUT_TEXT.thirdPageLines, { ...body, y: 700 });
  const columns = [72, 200, 330, 460];
  const rows = [640, 618, 596, 574];
  for (const x of columns) third.drawLine({ start: { x, y: rows[0] }, end: { x, y: rows[rows.length - 1] }, thickness: 1 });
  for (const y of rows) third.drawLine({ start: { x: columns[0], y }, end: { x: columns[columns.length - 1], y }, thickness: 1 });
  LAYOUT_TEXT.table.forEach((cells, row) =>
    cells.forEach((cell, column) => third.drawText(cell, { x: columns[column] + 6, y: rows[row] - 15, size: 11, font: row === 0 ? bold : regular })),
  );
  return Buffer.from(await doc.save());
}

/** One page with a sentence whose pieces are set in regular, bold or oblique Helvetica. */
export async function makeStyledSentencePdf(pieces: readonly { text: string; style?: 'bold' | 'italic' }[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  const page = doc.addPage([612, 792]);
  let x = 72;
  for (const piece of pieces) {
    const font = fonts[piece.style ?? 'regular'];
    page.drawText(piece.text, { x, y: 700, size: 12, font });
    x += font.widthOfTextAtSize(piece.text, 12);
  }
  return Buffer.from(await doc.save());
}
