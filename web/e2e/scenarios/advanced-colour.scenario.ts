import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { advancedColourTool } from '@folio/registry';
import { imagesPerPage, plainPageTexts, renderColour } from '../../../server/test/support/marks';
import { defineScenario, pdfUpload } from '../scenario';

/** One page: blue text and a blue block (its top left at 200, 20 pt from the page's top left) on a white page drawn as a rectangle, as office programs write it. */
async function letter(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([300, 200]);
  page.drawRectangle({ x: 0, y: 0, width: 300, height: 200, color: rgb(1, 1, 1) });
  page.drawText('MMMM Dear reader', { x: 20, y: 100, size: 30, font, color: rgb(0, 0, 0.8) });
  page.drawRectangle({ x: 200, y: 140, width: 40, height: 40, color: rgb(0, 0, 0.8) });
  return Buffer.from(await doc.save());
}

/** Red, green and blue of the pixel at (x, y) pixels of a 72 dpi rendering of page 1. */
function pixel(pdf: Buffer, x: number, y: number): [number, number, number] {
  const image = renderColour(pdf, 1, 72);
  const i = 3 * (y * image.width + x);
  return [image.rgb[i], image.rgb[i + 1], image.rgb[i + 2]];
}

/** The pixel farthest from the background's colour: the middle of a stroke of the text. */
function textPixel(pdf: Buffer): [number, number, number] {
  const image = renderColour(pdf, 1, 72);
  const [br, bg, bb] = pixel(pdf, 2, 2);
  let best: [number, number, number] = [br, bg, bb];
  let distance = 0;
  for (let i = 0; i < image.width * image.height; i++) {
    const c: [number, number, number] = [image.rgb[3 * i], image.rgb[3 * i + 1], image.rgb[3 * i + 2]];
    const d = Math.abs(c[0] - br) + Math.abs(c[1] - bg) + Math.abs(c[2] - bb);
    if (d > distance) [best, distance] = [c, d];
  }
  return best;
}

const close = (actual: readonly number[], expected: readonly number[]) => actual.every((c, i) => Math.abs(c - expected[i]) < 30);

export default defineScenario(advancedColourTool, [
  {
    name: 'puts the combination and the custom colours back to their defaults when another option is chosen (spec §4)',
    run: async (ctx) => {
      await ctx.open();
      const option = ctx.page.getByLabel('Colour option', { exact: true });
      const combination = ctx.page.getByLabel('Combination', { exact: true });
      const textColour = ctx.page.getByLabel('Text colour', { exact: true });
      const background = ctx.page.getByLabel('Background colour', { exact: true });

      // High contrast shows the combination, white on black to start with.
      expect(await option.inputValue()).toBe('HIGH_CONTRAST_COLOR');
      expect(await combination.inputValue()).toBe('WHITE_TEXT_ON_BLACK');
      await combination.selectOption('YELLOW_TEXT_ON_BLACK');
      // Custom hides the combination and shows the colours.
      await option.selectOption('CUSTOM_COLOR');
      await combination.waitFor({ state: 'hidden' });
      expect(await textColour.inputValue()).toBe('#000000');
      expect(await background.inputValue()).toBe('#ffffff');
      await textColour.fill('#ff0000');
      await background.fill('#222222');
      // Back to high contrast: the combination is white on black again.
      await option.selectOption('HIGH_CONTRAST_COLOR');
      await textColour.waitFor({ state: 'hidden' });
      expect(await combination.inputValue()).toBe('WHITE_TEXT_ON_BLACK');
      // Full inversion, then custom again: the colours are back to black on white.
      await option.selectOption('FULL_INVERSION');
      await option.selectOption('CUSTOM_COLOR');
      expect(await textColour.inputValue()).toBe('#000000');
      expect(await background.inputValue()).toBe('#ffffff');
    },
  },
  {
    name: 'draws the text in the custom colour over the custom background, still text, and saves <name>_processed.pdf',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('letter.pdf', await letter())]);
      await ctx.page.getByLabel('Colour option', { exact: true }).selectOption('CUSTOM_COLOR');
      await ctx.page.getByLabel('Text colour', { exact: true }).fill('#ffff00');
      await ctx.page.getByLabel('Background colour', { exact: true }).fill('#000080');
      await ctx.run();
      await ctx.expectResultView();
      const result = await ctx.download();
      expect(result.name).toBe('letter_processed.pdf');
      expect(plainPageTexts(result.bytes)).toEqual(['MMMM Dear reader']);
      expect(close(pixel(result.bytes, 2, 2), [0, 0, 128])).toBe(true);
      expect(close(textPixel(result.bytes), [255, 255, 0])).toBe(true);
    },
  },
  {
    name: 'inverts the page fully, its text kept as text',
    run: async (ctx) => {
      await ctx.open();
      await ctx.chooseFiles([pdfUpload('letter.pdf', await letter())]);
      await ctx.page.getByLabel('Colour option', { exact: true }).selectOption('FULL_INVERSION');
      await ctx.run();
      const result = await ctx.download();
      // The colours of the content are inverted: no picture of the page, the text still there.
      expect(Object.fromEntries(imagesPerPage(result.bytes))).toEqual({});
      expect(plainPageTexts(result.bytes)).toEqual(['MMMM Dear reader']);
      // White page → black; the blue (0, 0, 204) block → (255, 255, 51).
      expect(close(pixel(result.bytes, 2, 2), [0, 0, 0])).toBe(true);
      expect(close(pixel(result.bytes, 220, 40), [255, 255, 51])).toBe(true);
    },
  },
]);
