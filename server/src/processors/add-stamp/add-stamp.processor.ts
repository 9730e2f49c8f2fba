import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { addStampTool, type ToolParams } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { readDocumentInfo, readTrimSizes } from '../../engines/poppler';
import type { EngineOptions } from '../../engines/process';
import { parseHexColour } from '../../page-marks/colours';
import { imageMark } from '../../page-marks/mark-image';
import { shapeTexts, textLines } from '../../page-marks/mark-text';
import type { Mark } from '../../page-marks/marks';
import { applyMarks, type OverlayPage } from '../../page-marks/overlay';
import { documentOf, renderOrder } from '../../page-orders/page-orders';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { Workspace } from '../../workspace/workspace';
import { expandPlaceholders, usesDocumentInfo, variesByPage, type StampContext } from './stamp-placeholders';
import { columnAlignment, stampMatrix } from './stamp-layout';

type Params = ToolParams<typeof addStampTool>;

/** The stamp on each chosen page: which mark (text per page, or the one image). */
interface Stamps {
  marks: Mark[];
  /** For each chosen page, the index of its mark. */
  markOf: (page: number) => number;
}

/**
 * Add Stamp: the text is expanded per page (placeholders), shaped by Pango
 * once per distinct text, and drawn with the image or text at its position by
 * qpdf as one more content stream on each chosen page (page-marks/overlay).
 */
@ToolProcessor(addStampTool)
export class AddStampProcessor implements Processor<typeof addStampTool> {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof addStampTool>): Promise<ProcessorOutput> {
    const chosen = renderOrder(params.pageNumbers, documentOf(file)).sort((a, b) => a - b);
    const sizes = await readTrimSizes(file.path, engine);
    const stamps =
      params.stampType === 'image' ? await this.imageStamp(params, workspace, engine) : await textStamps(file, chosen, sizes.length, params, workspace, engine);

    const placement = {
      position: params.position,
      margin: params.customMargin,
      rotation: params.rotation,
      overrideX: params.overrideX,
      overrideY: params.overrideY,
      keepInside: params.stampType === 'image',
    };
    // Pages of one size with the same stamp share one overlay page.
    const overlays = new Map<string, number>();
    const pages: OverlayPage[] = [];
    const targets = chosen.map((page) => {
      const size = sizes[page];
      const mark = stamps.markOf(page);
      const key = `${size.width}x${size.height}:${mark}`;
      let overlay = overlays.get(key);
      if (overlay === undefined) {
        overlays.set(key, (overlay = pages.length));
        pages.push({ ...size, marks: [{ mark, matrix: stampMatrix(size, stamps.marks[mark], placement) }] });
      }
      return { page, overlay };
    });
    return { path: await applyMarks(file, { marks: stamps.marks, pages, targets, opacity: params.opacity }, workspace, engine) };
  }

  private async imageStamp(params: Params, workspace: Workspace, engine: EngineOptions): Promise<Stamps> {
    // The schema requires the image while the type is image; this only narrows the type.
    const image = params.stampImage!;
    const mark = await imageMark(image, params.fontSize, this.config.maxPixelsPerPage, workspace, engine);
    return { marks: [mark], markOf: () => 0 };
  }
}

/** The stamp text of every chosen page, shaped once per distinct text. */
async function textStamps(
  file: InputFile,
  chosen: readonly number[],
  pageCount: number,
  params: Params,
  workspace: Workspace,
  engine: EngineOptions,
): Promise<Stamps> {
  const colour = parseHexColour(params.customColor ?? '#000000', addStampTool.fields.customColor.invalid);
  const template = textLines(params.stampText ?? '');
  const context: Omit<StampContext, 'pageNumber'> = {
    pageCount,
    fileName: file.originalName,
    info: usesDocumentInfo(template) ? await readDocumentInfo(file.path, engine) : {},
    now: new Date(),
    uuid: randomUUID().replace(/-/g, '').slice(0, 8),
  };
  const pagesOf = variesByPage(template) ? chosen : chosen.slice(0, 1);
  const indexOfText = new Map<string, number>();
  const markByPage = new Map<number, number>();
  for (const page of pagesOf) {
    const text = expandPlaceholders(template, { ...context, pageNumber: page + 1 });
    let index = indexOfText.get(text);
    if (index === undefined) indexOfText.set(text, (index = indexOfText.size));
    markByPage.set(page, index);
  }
  // Lines line up with the side the stamp sits on; at given coordinates, from where it starts.
  const overridden = params.overrideX >= 0 && params.overrideY >= 0;
  const style = { alphabet: params.alphabet ?? 'roman', size: params.fontSize, colour, align: overridden ? 'left' : columnAlignment(params.position) } as const;
  const texts = [...indexOfText.keys()];
  const marks = await shapeTexts(texts, style, workspace, engine);
  return { marks, markOf: (page) => markByPage.get(page) ?? 0 };
}
