import { addPageNumbersTool, baseName } from '@folio/registry';
import { readTrimSizes } from '../../engines/poppler';
import type { AlphabetFont } from '../../page-marks/alphabets';
import { parseColourValue } from '../../page-marks/colours';
import { shapeTexts } from '../../page-marks/mark-text';
import { applyMarks, type OverlayPage } from '../../page-marks/overlay';
import { documentOf, renderOrder } from '../../page-orders/page-orders';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { numberAlignment, numberMatrix, numberText } from './page-number-layout';

/**
 * The reference draws with the PDF standard fonts Helvetica, Times and Courier
 * (WinAnsi characters only). These are their metric twins from URW's base 35
 * (fonts-urw-base35), embedded like any other font; a character they lack (a
 * file name in Greek or Chinese) comes from another installed font.
 */
const FONTS: Record<'helvetica' | 'times' | 'courier', AlphabetFont> = {
  helvetica: { family: 'Nimbus Sans', language: 'en' },
  times: { family: 'Nimbus Roman', language: 'en' },
  courier: { family: 'Nimbus Mono PS', language: 'en' },
};

/**
 * Add Page Numbers: each chosen page's text worked out (the counter goes up
 * once per chosen page, in the order given), shaped by Pango once per distinct
 * text, and laid by qpdf over the page as the reader sees it (its trim box,
 * turned by /Rotate) as one more content stream (page-marks/overlay).
 */
@ToolProcessor(addPageNumbersTool)
export class AddPageNumbersProcessor implements Processor<typeof addPageNumbersTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof addPageNumbersTool>): Promise<ProcessorOutput> {
    const colour = parseColourValue(params.fontColor, addPageNumbersTool.fields.fontColor.invalid);
    const sizes = await readTrimSizes(file.path, engine);
    const order = renderOrder(params.pagesToNumber, documentOf(file));
    const context = { zeroPad: params.zeroPad, total: sizes.length, fileName: baseName(file.originalName) };

    const textOf = new Map<number, string>(order.map((page, k) => [page, numberText(params.customText, { ...context, number: params.startingNumber + k })]));
    const texts = [...new Set(textOf.values())];
    const style = { font: FONTS[params.fontType], size: params.fontSize, colour, align: numberAlignment(params.position) };
    const marks = await shapeTexts(texts, style, workspace, engine);
    const markOf = new Map(texts.map((text, index) => [text, index]));

    // Pages of one size with the same text share one overlay page.
    const overlays = new Map<string, number>();
    const pages: OverlayPage[] = [];
    const targets = [...textOf.keys()]
      .sort((a, b) => a - b)
      .map((page) => {
        const size = sizes[page];
        const mark = markOf.get(textOf.get(page)!)!;
        const key = `${size.width}x${size.height}:${mark}`;
        let overlay = overlays.get(key);
        if (overlay === undefined) {
          overlays.set(key, (overlay = pages.length));
          const box = { width: marks[mark].width, height: marks[mark].height, baseline: marks[mark].baseline ?? marks[mark].height };
          pages.push({ ...size, marks: [{ mark, matrix: numberMatrix(size, box, params.position, params.customMargin) }] });
        }
        return { page, overlay };
      });
    return { path: await applyMarks(file, { marks, pages, targets, opacity: 1 }, workspace, engine) };
  }
}
