import { asDict, isReference, type PdfObjects } from '../../pdf-objects/pdf-objects';

/**
 * Which image objects each page uses, read from qpdf's listing of the objects
 * (nothing decoded): the images in the page's resources (inherited ones
 * included), and, however deeply nested, in the resources of the forms, tiling
 * patterns and soft masks it names and of its annotations' appearances. Each
 * image counts once per page, in the order found. Type 3 fonts' glyphs are
 * text, not pictures, and are left out. Inline images are not objects: turn
 * them into objects first (engines/qpdf.ts `externaliseInlineImages`).
 *
 * Forms and resource dictionaries shared by many pages are read once; a form
 * that draws itself (a loop) is read once too.
 */
export function imagesByPage(pdf: PdfObjects): string[][] {
  const reader = new ImageUses(pdf);
  return pdf.pageRefs().map((page) => reader.ofPage(page));
}

/** An image's stored size and the pixels decoding it takes (its soft mask's or stencil's included). */
export interface StoredImageSize {
  width: number;
  height: number;
  pixels: number;
}

/** The size an image object declares; 0 × 0 when it declares none that makes sense. */
export function storedImageSize(pdf: PdfObjects, ref: string): StoredImageSize {
  const area = (value: unknown) => {
    const dict = pdf.dict(value);
    const width = positive(pdf.resolve(dict?.['/Width']));
    const height = positive(pdf.resolve(dict?.['/Height']));
    return { width, height, pixels: width * height };
  };
  const image = area(ref);
  const dict = pdf.dict(ref);
  const masks = [dict?.['/SMask'], dict?.['/Mask']].filter(isReference).map((mask) => area(mask).pixels);
  return { width: image.width, height: image.height, pixels: masks.reduce((sum, pixels) => sum + pixels, image.pixels) };
}

const positive = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/** Inherited page attributes are looked up at most this far up the page tree. */
const MAX_TREE_DEPTH = 256;

/** Appearance sub-dictionaries of an annotation: normal, rollover, down. */
const APPEARANCES = ['/N', '/R', '/D'] as const;

class ImageUses {
  /** Images reachable from a form, pattern or resource dictionary object, by its reference. */
  private readonly memo = new Map<string, readonly string[]>();
  /** Objects being read right now: meeting one again is a loop. */
  private readonly reading = new Set<string>();

  constructor(private readonly pdf: PdfObjects) {}

  ofPage(page: string): string[] {
    const found = new Set<string>();
    const dict = this.pdf.dict(page);
    this.fromResources(this.inherited(page, '/Resources'), found);
    for (const annotation of this.pdf.array(dict?.['/Annots']) ?? []) {
      const appearances = this.pdf.dict(this.pdf.dict(annotation)?.['/AP']);
      for (const key of APPEARANCES) {
        const appearance = appearances?.[key];
        // One appearance stream, or one per state (a checkbox's /On and /Off).
        const streams = isReference(appearance) && this.isStream(appearance) ? [appearance] : Object.values(this.pdf.dict(appearance) ?? {});
        for (const stream of streams) this.fromForm(stream, found);
      }
    }
    return [...found];
  }

  /** A page attribute, from the page or the nearest /Pages node above it that has it. */
  private inherited(page: string, key: string): unknown {
    let node: unknown = page;
    const seen = new Set<unknown>();
    for (let depth = 0; depth < MAX_TREE_DEPTH && node !== undefined && !seen.has(node); depth++) {
      seen.add(node);
      const dict = this.pdf.dict(node);
      if (dict?.[key] !== undefined) return dict[key];
      node = dict?.['/Parent'];
    }
    return undefined;
  }

  private isStream(ref: string): boolean {
    return this.pdf.objects[`obj:${ref}`]?.stream !== undefined;
  }

  /** Adds the images a resource dictionary leads to. */
  private fromResources(resources: unknown, found: Set<string>): void {
    if (isReference(resources)) {
      for (const image of this.memoised(resources, () => this.collect((into) => this.scanResources(this.pdf.dict(resources), into)))) found.add(image);
    } else {
      this.scanResources(asDict(resources), found);
    }
  }

  private scanResources(resources: Record<string, unknown> | undefined, found: Set<string>): void {
    if (!resources) return;
    for (const xobject of Object.values(this.pdf.dict(resources['/XObject']) ?? {})) {
      if (!isReference(xobject)) continue;
      const subtype = this.pdf.dict(xobject)?.['/Subtype'];
      if (subtype === '/Image') found.add(xobject);
      else if (subtype === '/Form') this.fromForm(xobject, found);
    }
    // Tiling patterns are content streams with resources of their own; shading patterns draw no images.
    for (const pattern of Object.values(this.pdf.dict(resources['/Pattern']) ?? {})) {
      if (isReference(pattern) && this.pdf.dict(pattern)?.['/PatternType'] === 1) this.fromForm(pattern, found);
    }
    // A soft mask is a form drawn for its levels (a photo can be one).
    for (const state of Object.values(this.pdf.dict(resources['/ExtGState']) ?? {})) {
      const group = this.pdf.dict(this.pdf.dict(state)?.['/SMask'])?.['/G'];
      if (isReference(group)) this.fromForm(group, found);
    }
  }

  /** Adds the images a form (or tiling pattern, or appearance stream) draws, through its own resources. */
  private fromForm(form: unknown, found: Set<string>): void {
    if (!isReference(form)) return;
    const images = this.memoised(`form ${form}`, () => this.collect((into) => this.fromResources(this.pdf.dict(form)?.['/Resources'], into)));
    for (const image of images) found.add(image);
  }

  private memoised(key: string, read: () => string[]): readonly string[] {
    const known = this.memo.get(key);
    if (known) return known;
    if (this.reading.has(key)) return [];
    this.reading.add(key);
    try {
      const images = read();
      this.memo.set(key, images);
      return images;
    } finally {
      this.reading.delete(key);
    }
  }

  private collect(fill: (into: Set<string>) => void): string[] {
    const into = new Set<string>();
    fill(into);
    return [...into];
  }
}
