import { PageSizes } from 'pdf-lib';
import { adjustPageSizeTool, type ToolParams } from '@folio/registry';
import { createDerivedPdf, drawFitted, embedForPlacement, openPdf, savePdf, type PlaceablePage } from '../../engines/pdf-lib';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-routing/processor';

type AdjustParams = ToolParams<typeof adjustPageSizeTool>;

/** Portrait sizes in points, the same as PDFBox's PDRectangle constants the reference uses. */
const SIZES = {
  A0: PageSizes.A0,
  A1: PageSizes.A1,
  A2: PageSizes.A2,
  A3: PageSizes.A3,
  A4: PageSizes.A4,
  A5: PageSizes.A5,
  A6: PageSizes.A6,
  LETTER: PageSizes.Letter,
  LEGAL: PageSizes.Legal,
} satisfies Record<Exclude<AdjustParams['pageSize'], 'KEEP'>, [number, number]>;

/**
 * Redraws every page on a new page of the target size (pdf-lib, pages embedded as
 * form XObjects so text and vectors stay vector): fitted uniformly, times the scale
 * factor, centred (reference §3.2).
 */
@ToolProcessor(adjustPageSizeTool)
export class AdjustPageSizeProcessor implements Processor<typeof adjustPageSizeTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof adjustPageSizeTool>): Promise<ProcessorOutput> {
    const source = await openPdf(file.path, workspace, engine);
    const target = await createDerivedPdf(source);
    const pages = await embedForPlacement(target, source.getPages());
    const [width, height] = targetSize(params, pages[0]);
    for (const page of pages) {
      drawFitted(target.addPage([width, height]), page, { x: 0, y: 0, width, height }, params.scaleFactor);
    }
    const output = workspace.newPath('.pdf');
    await savePdf(target, output);
    return { path: output };
  }
}

/**
 * Width and height of every new page. KEEP takes the first page's size as a viewer
 * shows it (the reference reads its MediaBox, which is sideways for a page with
 * /Rotate 90); orientation applies to named sizes only.
 */
function targetSize(params: AdjustParams, first: PlaceablePage): [number, number] {
  if (params.pageSize === 'KEEP') return [first.width, first.height];
  const [width, height] = SIZES[params.pageSize];
  return params.orientation === 'LANDSCAPE' ? [height, width] : [width, height];
}
