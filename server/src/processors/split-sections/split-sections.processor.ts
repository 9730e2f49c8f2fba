import { Inject } from '@nestjs/common';
import { baseName, parsePageSelection, splitSectionsTool, type ToolParams } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import type { EngineOptions } from '../../engines/process';
import { readDocument, readObjects, updateObjects } from '../../engines/qpdf/qpdf-objects';
import { repeatPages, splitIntoRanges } from '../../engines/qpdf/qpdf-pages';
import { flattenAnnotations } from '../../engines/qpdf/qpdf-rewrites';
import { writeZip } from '../../engines/zip';
import { InvalidInputError } from '../../refusals/input-errors';
import { PageWeights, refuseOversizedParts } from '../../pdf-objects/page-weights';
import { writeWithPartCatalog } from '../../pdf-objects/pared-catalog';
import { asArray, isReference, PdfObjects } from '../../pdf-objects/pdf-objects';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { Workspace } from '../../workspace/workspace';
import { sectionRects, type Rect } from './section-grid';

type SectionsParams = ToolParams<typeof splitSectionsTool>;

/** One page of the result: the original page it shows (0-based) and its section (0-based; undefined: the page whole). */
interface OutputPage {
  page: number;
  section: number | undefined;
}

/**
 * Cuts pages into a grid of sections as vectors (reference §3.12): qpdf
 * repeats each page once per section (the copies share its content and
 * resources), then every copy's MediaBox and CropBox become its section, so
 * text stays text and nothing is rendered. Annotations are drawn into the page
 * first (filled forms, stamps), as a section cannot carry them. Merged, the
 * copies are one PDF; otherwise qpdf cuts them into one-page PDFs in one pass.
 * The page count is checked before any work: a 300 × 300 grid makes 90,601
 * pages of one page.
 */
@ToolProcessor(splitSectionsTool)
export class SplitSectionsProcessor implements Processor<typeof splitSectionsTool> {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof splitSectionsTool>): Promise<ProcessorOutput> {
    const pageCount = file.pageCount ?? 0;
    const columns = params.horizontalDivisions + 1;
    const rows = params.verticalDivisions + 1;
    const cut = selectedPages(params, pageCount);
    const outputs: OutputPage[] = [];
    for (let page = 0; page < pageCount; page++) {
      if (!cut.has(page)) outputs.push({ page, section: undefined });
      else for (const section of sectionOrder(columns, rows, params.merge)) outputs.push({ page, section });
      // Counted as they grow, so a grid of millions of pages is refused before it is listed.
      if (outputs.length > this.config.maxPages) throw tooManySections(cut.size, columns, rows, pageCount, this.config.maxPages);
    }

    let listing = await readDocument(file.path, engine);
    if (!params.merge) {
      // Each one-page file repeats its page's fonts and images.
      const weights = new PageWeights(listing.objects, listing.encryption.encrypted);
      const alone = new Map<number, number>();
      const weigh = (page: number) => alone.get(page) ?? alone.set(page, weights.pageAlone(page)).get(page)!;
      refuseOversizedParts(outputs.map((output) => weigh(output.page)));
    }
    let source = file.path;
    if (hasAnnotations(new PdfObjects(listing.objects))) {
      source = workspace.newPath('.pdf');
      await flattenAnnotations(file.path, source, engine);
      listing = await readDocument(source, engine);
    }
    if (params.merge) {
      // The merged PDF keeps the document's information, as the reference's does; one-page files do not.
      const pared = workspace.newPath('.pdf');
      await writeWithPartCatalog(source, listing, pared, workspace.newPath('.json'), engine);
      source = pared;
    }

    const copies = workspace.newPath('.pdf');
    await repeatPages(
      source,
      outputs.map((output) => output.page + 1),
      copies,
      workspace.newPath('.args'),
      engine,
      params.merge,
    );
    const sectioned = workspace.newPath('.pdf');
    await setSectionBoxes(copies, sectioned, outputs, { columns, rows }, workspace, engine);
    if (params.merge) return { path: sectioned };

    const paths = await splitIntoRanges(
      sectioned,
      outputs.map((_, i) => [i, i]),
      await workspace.newFolder(),
      engine,
    );
    const base = baseName(file.originalName);
    const zip = workspace.newPath('.zip');
    await writeZip(
      zip,
      outputs.map((output, i) => ({ path: paths[i], name: `${base}_split_${output.page + 1}_${(output.section ?? 0) + 1}.pdf` })),
    );
    return { path: zip };
  }
}

/**
 * The order a cut page's sections are written in, as indexes of `sectionRects`
 * (column by column). One-page files keep the reference's numbering, column by
 * column (§3.12), which their names carry; merged into one document, which is
 * read page after page, they come in reading order: left to right, then down
 * (a deliberate difference, docs/compatibility.md).
 */
function sectionOrder(columns: number, rows: number, merged: boolean): number[] {
  const order: number[] = [];
  if (!merged) for (let section = 0; section < columns * rows; section++) order.push(section);
  else for (let row = 0; row < rows; row++) for (let column = 0; column < columns; column++) order.push(column * rows + row);
  return order;
}

/** The pages to cut (0-based), as `splitMode` and `pageNumbers` choose them; the others are copied whole. */
function selectedPages(params: SectionsParams, pageCount: number): Set<number> {
  const all = Array.from({ length: pageCount }, (_, i) => i);
  switch (params.splitMode) {
    case 'SPLIT_ALL_EXCEPT_FIRST':
      return new Set(all.slice(1));
    case 'SPLIT_ALL_EXCEPT_LAST':
      return new Set(all.slice(0, -1));
    case 'SPLIT_ALL_EXCEPT_FIRST_AND_LAST':
      return new Set(all.slice(1, -1));
    case 'CUSTOM':
      try {
        return new Set(parsePageSelection(params.pageNumbers ?? '', pageCount));
      } catch (error) {
        throw new InvalidInputError(error instanceof Error ? error.message : String(error));
      }
    default:
      return new Set(all);
  }
}

function tooManySections(pages: number, columns: number, rows: number, pageCount: number, max: number): InvalidInputError {
  const total = pages * columns * rows + (pageCount - pages);
  const count = (n: number) => n.toLocaleString('en-US');
  return new InvalidInputError(
    `Cutting ${count(pages)} ${pages === 1 ? 'page' : 'pages'} into ${columns} × ${rows} sections would make ${count(total)} pages; ` +
      `this server makes at most ${count(max)} pages in one request. Choose fewer divisions or fewer pages.`,
  );
}

/** Whether any page carries annotations (links, form fields, stamps, notes). */
function hasAnnotations(pdf: PdfObjects): boolean {
  return pdf.pageRefs().some((ref) => (pdf.array(pdf.dict(ref)?.['/Annots'])?.length ?? 0) > 0);
}

/**
 * Writes `output` as `input` (the repeated pages) with each page's MediaBox and
 * CropBox set to its section, its other boxes and annotations removed. Only the
 * page dictionaries change (qpdf's JSON update); content is shared and untouched.
 */
async function setSectionBoxes(
  input: string,
  output: string,
  pages: readonly OutputPage[],
  grid: { columns: number; rows: number },
  workspace: Workspace,
  engine: EngineOptions,
): Promise<void> {
  const { objects, maxObjectId } = await readObjects(input, engine);
  const pdf = new PdfObjects(objects);
  const refs = pdf.pageRefs();
  if (refs.length !== pages.length) throw new PdfCorruptedError(undefined, `qpdf wrote ${refs.length} pages for ${pages.length}`);
  const updates: Record<string, { value: unknown }> = {};
  refs.forEach((ref, i) => {
    const dict = { ...pdf.dict(ref)! };
    const box = visibleBox(pdf, ref);
    const rotate = inherited(pdf, ref, '/Rotate');
    const section = pages[i].section;
    const rect = section === undefined ? box : sectionRects(box, typeof rotate === 'number' ? rotate : 0, grid.columns, grid.rows)[section];
    const array = [rect.x0, rect.y0, rect.x1, rect.y1];
    dict['/MediaBox'] = array;
    dict['/CropBox'] = array;
    for (const key of ['/TrimBox', '/BleedBox', '/ArtBox', '/Annots']) delete dict[key];
    updates[`obj:${ref}`] = { value: dict };
  });
  await updateObjects(input, output, { maxObjectId, objects: updates }, workspace.newPath('.json'), engine);
}

/** A page attribute, from the page or the nearest page tree node above it that has it. */
function inherited(pdf: PdfObjects, ref: string, key: string): unknown {
  const seen = new Set<unknown>();
  for (let node: unknown = ref; isReference(node) && !seen.has(node);) {
    seen.add(node);
    const dict = pdf.dict(node);
    if (!dict) break;
    if (dict[key] !== undefined) return pdf.resolve(dict[key]);
    node = dict['/Parent'];
  }
  return undefined;
}

/** What a page shows: its crop box within its media box (US Letter when it has none, as readers assume). */
function visibleBox(pdf: PdfObjects, ref: string): Rect {
  const rect = (value: unknown): Rect | undefined => {
    const numbers = asArray(value)?.map((n) => pdf.resolve(n));
    if (!numbers || numbers.length !== 4 || !numbers.every((n): n is number => typeof n === 'number' && Number.isFinite(n))) return undefined;
    return {
      x0: Math.min(numbers[0], numbers[2]),
      y0: Math.min(numbers[1], numbers[3]),
      x1: Math.max(numbers[0], numbers[2]),
      y1: Math.max(numbers[1], numbers[3]),
    };
  };
  const media = rect(inherited(pdf, ref, '/MediaBox')) ?? { x0: 0, y0: 0, x1: 612, y1: 792 };
  const crop = rect(inherited(pdf, ref, '/CropBox'));
  const shown = crop
    ? { x0: Math.max(media.x0, crop.x0), y0: Math.max(media.y0, crop.y0), x1: Math.min(media.x1, crop.x1), y1: Math.min(media.y1, crop.y1) }
    : media;
  // A crop box that misses the media box shows nothing; readers then fall back to the media box, and so do we.
  return shown.x1 - shown.x0 > 0 && shown.y1 - shown.y0 > 0 ? shown : media;
}
