import type { EngineOptions } from '../engines/process';
import { readDocument, type QpdfObjects } from '../engines/qpdf/qpdf-objects';
import { InvalidInputError } from '../refusals/input-errors';
import { asDict, isReference, PdfObjects } from './pdf-objects';

/**
 * What a part cut out of a document weighs before it is cut. qpdf writes a part
 * (`--empty --pages in.pdf a-b`) as the pages, everything they reach (contents,
 * fonts, images, forms, annotations) once each, a page tree and a
 * cross-reference table; stream data is copied byte for byte. So from the
 * object listing alone (dictionaries, no stream data) a part's size can be
 * estimated, and bounded from below by the stream bytes it must hold.
 *
 * The estimate guides where to cut; sizes that are promised are measured on
 * real qpdf output (auto-split-size). The totals refuse requests whose parts
 * would repeat shared resources into an explosion of bytes.
 */

/** A part's fixed cost: header, catalog, page tree node, trailer with /ID, xref header. */
const PART_OVERHEAD = 360;
/** Per page in the part: its entry in the page tree's /Kids. */
const PER_PAGE = 8;
/** Per object: "N 0 obj\n", "\nendobj\n" and its 20-byte xref entry. */
const PER_OBJECT = 36;
/** Per stream, besides PER_OBJECT: "\nstream\n", "\nendstream". */
const PER_STREAM = 18;
/** Decrypting an AES stream drops its 16-byte IV and up to 16 bytes of padding: lower bounds allow for both. */
const AES_SHRINK = 32;

/** Keys that lead out of a page into the rest of the document; qpdf does not copy what lies behind them with a page. */
const UPWARD_KEYS = new Set(['/Parent', '/P']);

interface ObjectInfo {
  /** Estimated bytes in the output. */
  bytes: number;
  /** Stream data bytes the output must hold at least. */
  streamBytes: number;
  /** Objects it refers to, by index (page tree nodes and other pages left out). */
  children: number[];
}

export class PageWeights {
  private readonly index = new Map<string, number>();
  private readonly keys: string[] = [];
  private readonly info: (ObjectInfo | undefined)[] = [];
  /** Per object, the part it was last counted in. */
  private readonly marks: Int32Array;
  private epoch = 0;
  private readonly pageIndices: number[];
  private readonly pdf: PdfObjects;
  private readonly pageSet: Set<string>;

  constructor(
    objects: QpdfObjects,
    private readonly encrypted: boolean,
  ) {
    this.pdf = new PdfObjects(objects);
    for (const key of Object.keys(objects)) {
      if (!key.startsWith('obj:')) continue;
      this.index.set(key.slice('obj:'.length), this.keys.length);
      this.keys.push(key);
    }
    this.marks = new Int32Array(this.keys.length);
    const pages = this.pdf.pageRefs();
    this.pageSet = new Set(pages);
    this.pageIndices = pages.map((ref) => this.index.get(ref) ?? -1);
  }

  /** Lists `path`'s objects (one qpdf run, no stream data) and weighs its pages. */
  static async read(path: string, engine: EngineOptions): Promise<PageWeights> {
    const listing = await readDocument(path, engine);
    return new PageWeights(listing.objects, listing.encryption.encrypted);
  }

  get pageCount(): number {
    return this.pageIndices.length;
  }

  /** A new part, empty; add its pages in order. */
  startPart(): PartWeight {
    this.epoch += 1;
    return new PartWeight(this, this.epoch);
  }

  /** Estimated bytes of each part (0-based inclusive page ranges), each cut on its own. */
  estimateParts(ranges: readonly (readonly [number, number])[]): number[] {
    return ranges.map(([first, last]) => {
      const part = this.startPart();
      for (let page = first; page <= last; page++) part.add(page);
      return part.estimate;
    });
  }

  /** Estimated bytes of one page cut out alone. */
  pageAlone(page: number): number {
    return this.startPart().add(page).estimate;
  }

  /** @internal Counts page `page`'s objects not yet counted in part `epoch`: [estimated bytes, stream bytes]. */
  addPage(page: number, epoch: number): [number, number] {
    let bytes = PER_PAGE;
    let streamBytes = 0;
    const start = this.pageIndices[page];
    if (start === undefined || start < 0) return [bytes, streamBytes];
    const stack = [start];
    while (stack.length > 0) {
      const current = stack.pop()!;
      if (this.marks[current] === epoch) continue;
      this.marks[current] = epoch;
      const info = this.infoOf(current);
      bytes += info.bytes;
      streamBytes += info.streamBytes;
      for (const child of info.children) if (this.marks[child] !== epoch) stack.push(child);
    }
    return [bytes, streamBytes];
  }

  private infoOf(i: number): ObjectInfo {
    const cached = this.info[i];
    if (cached) return cached;
    const entry = this.pdf.objects[this.keys[i]];
    const children: number[] = [];
    const collect = (value: unknown) => {
      const ref = value as string;
      const child = this.index.get(ref);
      if (child === undefined) return;
      // Other pages and the page tree are not copied with a page (qpdf stops there).
      if (this.pageSet.has(ref) || this.isPageTreeNode(child)) return;
      children.push(child);
    };
    let info: ObjectInfo;
    if (entry?.stream) {
      const declared = this.pdf.resolve(entry.stream.dict['/Length']);
      const length = typeof declared === 'number' && declared > 0 ? declared : 0;
      const dictBytes = serialisedLength(entry.stream.dict, collect);
      info = { bytes: PER_OBJECT + PER_STREAM + dictBytes + length, streamBytes: Math.max(0, length - (this.encrypted ? AES_SHRINK : 0)), children };
    } else {
      info = { bytes: PER_OBJECT + serialisedLength(entry?.value ?? null, collect), streamBytes: 0, children };
    }
    this.info[i] = info;
    return info;
  }

  private isPageTreeNode(i: number): boolean {
    const value = asDict(this.pdf.objects[this.keys[i]]?.value);
    return value?.['/Type'] === '/Pages';
  }
}

/** One part being weighed: pages added in order, each shared object counted once. */
export class PartWeight {
  /** Estimated bytes of the part as qpdf writes it. */
  estimate = PART_OVERHEAD;
  /** Bytes the part must hold at least (its streams' data). */
  lowerBound = 0;
  pages = 0;

  constructor(
    private readonly weights: PageWeights,
    private readonly epoch: number,
  ) {}

  add(page: number): this {
    const [bytes, streamBytes] = this.weights.addPage(page, this.epoch);
    this.estimate += bytes;
    this.lowerBound += streamBytes;
    this.pages += 1;
    return this;
  }
}

/**
 * Roughly how many bytes qpdf writes for a value (`<< /Key value >>`, `[ a b ]`),
 * reporting each reference to `onReference`. Keys that lead up out of a page
 * (/Parent, /P) are written but not followed.
 */
function serialisedLength(value: unknown, onReference: (ref: string) => void): number {
  let total = 0;
  const stack: { value: unknown; follow: boolean }[] = [{ value, follow: true }];
  while (stack.length > 0) {
    const { value: current, follow } = stack.pop()!;
    if (typeof current === 'string') {
      if (isReference(current as unknown)) {
        total += current.length;
        if (follow) onReference(current);
      } else if (current.startsWith('u:')) {
        const text = current.slice(2);
        // PDFDocEncoding text is written as a literal, anything else as UTF-16 hex.
        total += /^[\x20-\x7e]*$/.test(text) ? text.length + 2 : text.length * 4 + 6;
      } else if (current.startsWith('b:')) {
        total += (current.length - 2) / 2 + 2;
      } else {
        total += current.length;
      }
    } else if (typeof current === 'number') {
      total += String(current).length;
    } else if (typeof current === 'boolean' || current === null) {
      total += 5;
    } else if (Array.isArray(current)) {
      total += 4 + current.length;
      for (const item of current) stack.push({ value: item, follow });
    } else if (typeof current === 'object') {
      const entries = Object.entries(current as Record<string, unknown>);
      total += 6;
      for (const [key, item] of entries) {
        total += key.length + 2;
        stack.push({ value: item, follow: follow && !UPWARD_KEYS.has(key) });
      }
    }
  }
  return total;
}

/**
 * Most bytes one request's parts may take together, the ZIP's entries before
 * zipping: every part repeats the fonts and images its pages share, so cutting
 * a document whose pages all draw one large picture into single pages writes
 * that picture once per part.
 */
export const MAX_PARTS_BYTES = 2 * 1024 * 1024 * 1024;

/** Refuses, before anything is written, parts whose estimated sizes add up past `MAX_PARTS_BYTES`. */
export function refuseOversizedParts(estimates: readonly number[]): void {
  const total = estimates.reduce((sum, bytes) => sum + bytes, 0);
  if (total <= MAX_PARTS_BYTES) return;
  const mb = (bytes: number) => Math.ceil(bytes / (1024 * 1024));
  throw new InvalidInputError(
    `The ${estimates.length} parts would take about ${mb(total)} MB together, because each part repeats the fonts and images its pages share; ` +
      `this server writes at most ${mb(MAX_PARTS_BYTES)} MB of parts for one request. Choose fewer, larger parts.`,
  );
}
