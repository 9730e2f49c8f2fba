import type { ShownPageSize } from '../../engines/poppler';
import type { EngineOptions } from '../../engines/process';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import { PdfEdits } from '../../pdf-objects/object-edits';
import type { Workspace } from '../../workspace/workspace';

/**
 * Gives the pages of a rendered copy the sizes of the pages they picture.
 * Ghostscript sizes each page to whole pixels (a 400 pt page at 100 DPI
 * becomes 556 pixels, 400.32 pt); each page's picture is scaled back by the
 * difference (a few hundredths of a per cent), in a content stream around the
 * page's own, and its media box set to the original size.
 */
export async function restorePageSizes(
  input: string,
  output: string,
  sizes: readonly ShownPageSize[],
  workspace: Workspace,
  engine: EngineOptions,
): Promise<void> {
  const edits = await PdfEdits.read(input, engine);
  const pages = edits.pdf.pageRefs();
  if (pages.length !== sizes.length) throw new PdfCorruptedError(undefined, `Ghostscript drew ${pages.length} of ${sizes.length} pages`);
  const scalings = new Map<string, string>();
  let restore: string | undefined;
  pages.forEach((ref, index) => {
    const page = edits.open(ref, `obj:${ref}`)!;
    const box = edits.pdf.array(page.dict['/MediaBox'])?.map(Number) ?? [];
    const [width, height] = [box[2] - box[0], box[3] - box[1]];
    const target = sizes[index];
    if (!(width > 0 && height > 0)) throw new PdfCorruptedError(undefined, `Ghostscript wrote page ${index + 1} without a size`);
    if (Math.abs(width - target.width) < 0.001 && Math.abs(height - target.height) < 0.001) return;
    const matrix = `${round(target.width / width)} 0 0 ${round(target.height / height)} ${round(-box[0])} ${round(-box[1])} cm`;
    let scaling = scalings.get(matrix);
    if (!scaling) scalings.set(matrix, (scaling = edits.addStream({}, Buffer.from(`q ${matrix}\n`))));
    restore ??= edits.addStream({}, Buffer.from('\nQ\n'));
    const contents = page.dict['/Contents'];
    const own = edits.pdf.array(contents) ?? (contents === undefined ? [] : [contents]);
    page.dict['/Contents'] = [scaling, ...own, restore];
    page.dict['/MediaBox'] = [0, 0, target.width, target.height];
    delete page.dict['/CropBox'];
    edits.touch(page.owner);
  });
  await edits.write(input, output, workspace.newPath('.json'), engine);
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;
