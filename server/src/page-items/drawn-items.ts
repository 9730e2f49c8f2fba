import { parsePageSelection, type PageItem } from '@folio/registry';
import type { DrawnItem } from '../engines/page-items';
import { imageDimensions } from '../engines/image-dimensions';
import { writeForEngines } from '../engines/confinement';
import type { ScratchFiles } from '../engines/process';
import { parseHexColour } from '../page-marks/colours';
import { InvalidInputError } from '../refusals/input-errors';
import { PAGE_TEXT_FACES } from './page-text-fonts';

/**
 * Pixels of one placed picture: a photographed signature or a 12-megapixel phone photo; a picture is held
 * decoded a few times over (64 MB each at this size), and a flat picture of many more fits in a small upload.
 */
export const MAX_PICTURE_PIXELS = 16_000_000;
/** Items times the pages each is on, in one request: initials on every page of a 20,000-page file, or 1000 items on 20 pages each. */
export const MAX_PLACEMENTS = 20_000;
/**
 * Ink points times the pages their item is on, when each placement is an
 * annotation carrying its own /InkList (drawn into the content, one drawing
 * serves every page): a full 20,000-point signature on 50 pages.
 */
export const MAX_PLACED_INK_POINTS = 1_000_000;
/** Coordinates and sizes past this are nowhere near a page (the largest a PDF page may be is 14,400 points across). */
export const MAX_COORDINATE = 200_000;
/** Points of text where neither the item nor the tool gives a size. */
const DEFAULT_TEXT_SIZE = 12;
/** Line width of strokes and outlines when the item gives none. */
const DEFAULT_THICKNESS = 2;

export interface DrawOptions {
  /** The field's label, naming refused items. e.g. 'Signature' */
  label: string;
  /** The document's pages. */
  pageCount: number;
  /** Text items fitted to their box (typed signatures), not wrapped to its width. */
  fitText?: boolean;
  /** Each placement written as an annotation of its own (not one drawing shared by its pages). */
  asAnnotations?: boolean;
}

/**
 * The field's items as the page-items engine draws them: each item's pages
 * (its own and `alsoOnPages`, 0-based), colours as RGB, faces as fontconfig
 * families, pictures written to files in the job's folder. An item on a page
 * the document does not have is refused, naming it: a signature must not
 * vanish silently.
 */
export async function toDrawnItems(items: readonly PageItem[], options: DrawOptions, workspace: ScratchFiles): Promise<DrawnItem[]> {
  const drawn: DrawnItem[] = [];
  for (const [index, item] of items.entries()) {
    const at = `${options.label}: item ${index + 1}`;
    if (item.kind === 'box') throw new InvalidInputError(`${at} must not be a box.`);
    if ([item.x, item.y, item.width, item.height].some((n) => Math.abs(n) > MAX_COORDINATE)) {
      throw new InvalidInputError(`${at} lies too far from the page: coordinates and sizes go up to ${MAX_COORDINATE.toLocaleString('en')} points.`);
    }
    if (item.page > options.pageCount) {
      throw new InvalidInputError(`${at} is on page ${item.page}, but the document has ${options.pageCount} page${options.pageCount === 1 ? '' : 's'}.`);
    }
    const also = item.alsoOnPages === undefined ? [] : alsoOnPages(item.alsoOnPages, options.pageCount, at);
    const pages = [...new Set([item.page - 1, ...also])].sort((a, b) => a - b);
    const rotation = 'rotation' in item && item.rotation ? item.rotation : undefined;
    drawn.push({
      ...(await kindFields(item, at, options, workspace)),
      kind: item.kind,
      pages,
      x: item.x,
      y: item.y,
      width: item.width,
      height: item.height,
      ...(rotation !== undefined && { rotation }),
    });
  }
  refuseTooMuchWork(drawn, options);
  return drawn;
}

/** The other pages of `alsoOnPages` (0-based); pages the document lacks are left out, as page selections are elsewhere. */
function alsoOnPages(selection: string, pageCount: number, at: string): number[] {
  try {
    return parsePageSelection(selection, pageCount);
  } catch (error) {
    // A page function (2n+1) on a document past the pages it is evaluated for.
    if (error instanceof RangeError) throw new InvalidInputError(`${at}: ${error.message}.`);
    throw error;
  }
}

/** Keeps a short request from asking for an unbounded file: `alsoOnPages` multiplies every item by the document's pages. */
function refuseTooMuchWork(drawn: readonly DrawnItem[], options: DrawOptions): void {
  const placements = drawn.reduce((sum, item) => sum + item.pages.length, 0);
  if (placements > MAX_PLACEMENTS) {
    throw new InvalidInputError(
      `${options.label}: the items fall on ${placements} pages in all; at most ${MAX_PLACEMENTS.toLocaleString('en')} can be placed at once.`,
    );
  }
  if (!options.asAnnotations) return;
  const inkPoints = drawn.reduce((sum, item) => sum + item.pages.length * (item.strokes ?? []).reduce((points, stroke) => points + stroke.length, 0), 0);
  if (inkPoints > MAX_PLACED_INK_POINTS) {
    throw new InvalidInputError(
      `${options.label}: the ink strokes repeated on their pages come to ${inkPoints} points; at most ${MAX_PLACED_INK_POINTS.toLocaleString('en')} can be written as annotations (flatten them, or place fewer).`,
    );
  }
}

/** What each kind adds to its place: colours, text and face, a picture's file, strokes. */
async function kindFields(item: Exclude<PageItem, { kind: 'box' }>, at: string, options: DrawOptions, workspace: ScratchFiles): Promise<Partial<DrawnItem>> {
  const colour = 'color' in item && item.color ? parseHexColour(item.color, `${at} has no valid "color".`) : undefined;
  switch (item.kind) {
    case 'text':
      return {
        colour,
        text: item.text,
        family: PAGE_TEXT_FACES[item.font ?? 'sans'].families,
        size: item.fontSize ?? (options.fitText ? undefined : DEFAULT_TEXT_SIZE),
        align: item.align ?? 'left',
        fit: options.fitText,
      };
    case 'image':
      return { image: await pictureFile(item.image, at, workspace) };
    case 'ink':
      return { colour, thickness: item.thickness ?? DEFAULT_THICKNESS, strokes: item.strokes };
    case 'rectangle':
    case 'ellipse':
      return { colour, fill: item.fill ? parseHexColour(item.fill, `${at} has no valid "fill".`) : undefined, thickness: item.thickness ?? DEFAULT_THICKNESS };
    case 'line':
    case 'arrow':
      return { colour, thickness: item.thickness ?? DEFAULT_THICKNESS };
    case 'highlight':
      return { colour, opacity: item.opacity };
    case 'note':
      return { colour, text: item.text };
    default:
      return { colour };
  }
}

/** Writes a data URL's picture to the job's folder, refusing one whose header is unreadable or declares too many pixels. */
async function pictureFile(dataUrl: string, at: string, workspace: ScratchFiles): Promise<string> {
  const [header, payload] = dataUrl.split(',', 2);
  const data = Buffer.from(payload, 'base64');
  const size = imageDimensions(data);
  const type = header.includes('png') ? 'png' : 'jpeg';
  const matches = type === 'png' ? data.subarray(0, 4).toString('latin1') === '\x89PNG' : data[0] === 0xff && data[1] === 0xd8;
  if (!size || !matches || size.width < 1 || size.height < 1) throw new InvalidInputError(`${at} is not a readable ${type.toUpperCase()} picture.`);
  if (size.width * size.height > MAX_PICTURE_PIXELS) {
    throw new InvalidInputError(
      `${at} is a picture of ${size.width} × ${size.height} pixels; at most ${MAX_PICTURE_PIXELS / 1_000_000} million pixels can be placed.`,
    );
  }
  const path = workspace.newPath(`.${type}`);
  await writeForEngines(path, data);
  return path;
}
