import { clipRectangle, effectiveCropBox } from '../../pdf-objects/page-boxes';
import { rectangleOf, type PageNode } from '../../pdf-objects/page-tree';
import { isReference, nameOf, numberOf, textOf, type PdfObjects } from '../../pdf-objects/pdf-objects';
import { xObjectsOf } from '../../pdf-objects/xobjects';
import { fontEntry, type FontEntry } from './fonts';
import { rectangleText } from './info-values';
import { PDFBOX_PAGE_SIZES, type StandardPageSize } from '../../pdf-objects/standard-page-sizes';

/** The names Get All Info gives PDFBox's standard sizes (the reference's: 'Letter', but 'LEGAL'); a page matches one within a point. */
const STANDARD_SIZE_NAMES: Record<StandardPageSize, string> = {
  LETTER: 'Letter',
  LEGAL: 'LEGAL',
  A0: 'A0',
  A1: 'A1',
  A2: 'A2',
  A3: 'A3',
  A4: 'A4',
  A5: 'A5',
  A6: 'A6',
};

function standardPage(width: number, height: number): string {
  const size = (Object.keys(PDFBOX_PAGE_SIZES) as StandardPageSize[]).find((name) => {
    const [w, h] = PDFBOX_PAGE_SIZES[name];
    return Math.abs(width - w) <= 1 && Math.abs(height - h) <= 1;
  });
  return size === undefined ? 'Custom' : STANDARD_SIZE_NAMES[size];
}

const twoDecimals = (value: number) => value.toFixed(2);

/**
 * One page's entry (reference §5.9): size from the media box (in points,
 * inches and centimetres), rotation, orientation, the five boxes, characters
 * of text, annotations, images, links, fonts, XObjects and rich media.
 */
export function pageEntry(pdf: PdfObjects, page: PageNode, textCharacters: number): Record<string, unknown> {
  const { mediaBox } = page;
  const width = mediaBox.x2 - mediaBox.x1;
  const height = mediaBox.y2 - mediaBox.y1;
  const cropBox = effectiveCropBox(page);
  // Bleed, trim and art boxes default to the crop box; each is clipped to the media box.
  const boxOr = (key: string) => {
    const box = rectangleOf(pdf, page.dict[key]);
    return box ? clipRectangle(box, mediaBox) : cropBox;
  };
  const annotations = (pdf.array(page.dict['/Annots']) ?? []).map((a) => pdf.dict(a)).filter((a): a is Record<string, unknown> => a !== undefined);

  return {
    Size: {
      'Width (px)': twoDecimals(width),
      'Height (px)': twoDecimals(height),
      'Width (in)': twoDecimals(width / 72),
      'Height (in)': twoDecimals(height / 72),
      'Width (cm)': twoDecimals((width / 72) * 2.54),
      'Height (cm)': twoDecimals((height / 72) * 2.54),
      'Standard Page': standardPage(width, height),
    },
    Rotation: page.rotate,
    'Page Orientation': width > height ? 'Landscape' : height > width ? 'Portrait' : 'Square',
    MediaBox: rectangleText(mediaBox),
    CropBox: rectangleText(cropBox),
    BleedBox: rectangleText(boxOr('/BleedBox')),
    TrimBox: rectangleText(boxOr('/TrimBox')),
    ArtBox: rectangleText(boxOr('/ArtBox')),
    'Text Characters Count': textCharacters,
    Annotations: {
      AnnotationsCount: annotations.length,
      SubtypeCount: annotations.filter((a) => a['/Subtype'] !== undefined).length,
      ContentsCount: annotations.filter((a) => a['/Contents'] !== undefined).length,
    },
    Images: pageImages(pdf, page.resources),
    Links: pageLinks(pdf, annotations),
    Fonts: pageFonts(pdf, page.resources),
    XObjectCounts: xObjectCounts(pdf, page.resources),
    Multimedia: annotations
      .filter((a) => a['/Subtype'] === '/RichMedia')
      .map((a) => ({ Subtype: 'RichMedia', Contents: textOf(pdf.resolve(a['/Contents'])) ?? null })),
  };
}

/** PDFBox's name for an image's colour space: the device space, or the family of an array. */
function colourSpaceName(pdf: PdfObjects, value: unknown): string | undefined {
  const resolved = pdf.resolve(value);
  if (typeof resolved === 'string') return nameOf(resolved);
  const family = pdf.array(resolved)?.[0];
  return nameOf(pdf.resolve(family));
}

/** The images a page's resources name directly (not those inside forms), as the reference lists them. */
function pageImages(pdf: PdfObjects, resources: Record<string, unknown>): Record<string, unknown>[] {
  return xObjectsOf(pdf, resources)
    .filter(([, dict]) => dict['/Subtype'] === '/Image')
    .map(([, dict]) => {
      const mask = pdf.resolve(dict['/ImageMask']) === true;
      const colourSpace = mask ? undefined : colourSpaceName(pdf, dict['/ColorSpace']);
      const bits = mask ? 1 : numberOf(pdf.resolve(dict['/BitsPerComponent']));
      return {
        Width: numberOf(pdf.resolve(dict['/Width'])) ?? 0,
        Height: numberOf(pdf.resolve(dict['/Height'])) ?? 0,
        ...(colourSpace !== undefined ? { ColorSpace: colourSpace } : {}),
        ...(bits !== undefined ? { BitsPerComponent: bits } : {}),
      };
    });
}

/** The images a page's resources name directly, each by its object: for the document's total and unique counts. */
export function pageImageObjects(pdf: PdfObjects, resources: Record<string, unknown>): unknown[] {
  return xObjectsOf(pdf, resources)
    .filter(([, dict]) => dict['/Subtype'] === '/Image')
    .map(([value, dict]) => (isReference(value) ? value : dict));
}

/** The web addresses the page's link annotations open, each once, in the order met. */
function pageLinks(pdf: PdfObjects, annotations: readonly Record<string, unknown>[]): { URI: string }[] {
  const uris = new Set<string>();
  for (const annotation of annotations) {
    if (annotation['/Subtype'] !== '/Link') continue;
    const action = pdf.dict(annotation['/A']);
    if (!action || action['/S'] !== '/URI') continue;
    const uri = textOf(pdf.resolve(action['/URI']));
    if (uri !== undefined) uris.add(uri);
  }
  return [...uris].map((uri) => ({ URI: uri }));
}

/** The fonts a page's resources name, alike ones counted together (reference §5.9). */
function pageFonts(pdf: PdfObjects, resources: Record<string, unknown>): (FontEntry & { Count: number })[] {
  const fonts = new Map<string, FontEntry & { Count: number }>();
  for (const value of Object.values(pdf.dict(resources['/Font']) ?? {})) {
    const entry = fontEntry(pdf, value);
    if (!entry) continue;
    const key = JSON.stringify(entry);
    const known = fonts.get(key);
    if (known) known.Count++;
    else fonts.set(key, { ...entry, Count: 1 });
  }
  return [...fonts.values()];
}

/** How many image, form and other XObjects a page's resources name. */
function xObjectCounts(pdf: PdfObjects, resources: Record<string, unknown>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [, dict] of xObjectsOf(pdf, resources)) {
    const kind = dict['/Subtype'] === '/Image' ? 'Image' : dict['/Subtype'] === '/Form' ? 'Form' : 'Other';
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  const ordered: Record<string, number> = {};
  for (const kind of ['Image', 'Form', 'Other']) if (counts[kind] !== undefined) ordered[kind] = counts[kind];
  return ordered;
}
