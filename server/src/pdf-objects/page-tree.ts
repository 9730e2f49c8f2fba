import { asArray, isReference, numberOf, type PdfObjects } from './pdf-objects';

/** A rectangle, normalised (lower-left, upper-right). */
export interface Rectangle {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** A rectangle from a PDF array of four numbers; undefined when it is none. */
export function rectangleOf(pdf: PdfObjects, value: unknown): Rectangle | undefined {
  const numbers = asArray(pdf.resolve(value))?.map((n) => pdf.resolve(n));
  if (!numbers || numbers.length < 4 || !numbers.slice(0, 4).every((n) => typeof n === 'number' && Number.isFinite(n))) return undefined;
  const [a, b, c, d] = numbers as number[];
  return { x1: Math.min(a, c), y1: Math.min(b, d), x2: Math.max(a, c), y2: Math.max(b, d) };
}

/** A page with what it inherits from the page tree (resources, boxes, rotation) resolved. */
export interface PageNode {
  ref: string;
  dict: Record<string, unknown>;
  resources: Record<string, unknown>;
  mediaBox: Rectangle;
  cropBox?: Rectangle;
  /** 0, 90, 180 or 270. */
  rotate: number;
}

/** US Letter when a page has no usable media box, as PDFBox assumes. */
const LETTER: Rectangle = { x1: 0, y1: 0, x2: 612, y2: 792 };
const MAX_TREE_DEPTH = 256;

/**
 * The pages in order, walking /Pages → /Kids depth first with the inheritable
 * attributes (PDF 32000 §7.7.3.4) passed down. A node met twice (a loop, a
 * page listed twice) counts once.
 */
export function pageNodes(pdf: PdfObjects): PageNode[] {
  interface Inherited {
    resources?: unknown;
    mediaBox?: unknown;
    cropBox?: unknown;
    rotate?: unknown;
  }
  const pages: PageNode[] = [];
  const seen = new Set<string>();
  const stack: [unknown, Inherited, number][] = [[pdf.catalog?.['/Pages'], {}, 0]];
  while (stack.length > 0) {
    const [node, parent, depth] = stack.pop()!;
    if (!isReference(node) || seen.has(node) || depth > MAX_TREE_DEPTH) continue;
    seen.add(node);
    const dict = pdf.dict(node);
    if (!dict) continue;
    const inherited: Inherited = {
      resources: dict['/Resources'] ?? parent.resources,
      mediaBox: dict['/MediaBox'] ?? parent.mediaBox,
      cropBox: dict['/CropBox'] ?? parent.cropBox,
      rotate: dict['/Rotate'] ?? parent.rotate,
    };
    const kids = pdf.array(dict['/Kids']);
    if (kids && dict['/Type'] !== '/Page') {
      for (const kid of [...kids].reverse()) stack.push([kid, inherited, depth + 1]);
      continue;
    }
    const rotate = numberOf(pdf.resolve(inherited.rotate)) ?? 0;
    pages.push({
      ref: node,
      dict,
      resources: pdf.dict(inherited.resources) ?? {},
      mediaBox: rectangleOf(pdf, inherited.mediaBox) ?? LETTER,
      cropBox: rectangleOf(pdf, inherited.cropBox),
      // PDFBox reads a /Rotate that is no multiple of 90 as 0.
      rotate: rotate % 90 === 0 ? ((rotate % 360) + 360) % 360 : 0,
    });
  }
  return pages;
}
