import { constants, inflateSync } from 'node:zlib';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFNumber, PDFObjectStreamParser, PDFParser, PDFRawStream, PDFXRefStreamParser } from 'pdf-lib';
import { PdfTooComplexError } from './pdf-errors';

/**
 * pdf-lib reads a whole document into memory before anything else can happen:
 * every object of the file, every object stream decoded, with no limit. This
 * module gives one load a budget (runs only in the pdf-lib engine's own process,
 * pdf-lib-host/host.ts): a document past it is refused as too complex within
 * seconds, before it fills the process's heap.
 */

/** Objects one document may hold: about 850 bytes of heap each once parsed, so some 400 MB at most. */
export const MAX_OBJECTS = 500_000;
/** Bytes all of one document's object and cross-reference streams may decode to. */
export const MAX_DECODED_OBJECT_STREAMS = 128 * 1024 * 1024;

const FILTER = PDFName.of('Filter');
const DECODE_PARMS = PDFName.of('DecodeParms');
const FLATE = PDFName.of('FlateDecode');
const COUNT = PDFName.of('N');

/** What one load may still spend. */
interface Budget {
  objects: number;
  decodedBytes: number;
}

const tooManyObjects = () => new PdfTooComplexError(`it holds more than ${MAX_OBJECTS.toLocaleString('en')} objects`);
const streamsTooLarge = () => new PdfTooComplexError(`its object streams decode to more than ${MAX_DECODED_OBJECT_STREAMS / 1024 / 1024} MB`);

/**
 * Parses `bytes` as pdf-lib's PDFDocument.load does, within the budget above.
 * A count of the `obj` keyword first refuses a file of millions of objects in
 * a fraction of a second (each object has one, and nearly always `endobj` as
 * well); the parser then counts the objects it really makes, those packed in
 * object streams included, and each object or cross-reference stream is
 * decoded against what is left of the decoding budget before pdf-lib sees it.
 */
export async function loadWithinBudget(bytes: Uint8Array): Promise<PDFDocument> {
  if (occurrences(bytes, OBJ_KEYWORD) > 2 * MAX_OBJECTS) throw tooManyObjects();
  const budget: Budget = { objects: MAX_OBJECTS, decodedBytes: MAX_DECODED_OBJECT_STREAMS };
  let exceeded: PdfTooComplexError | undefined;
  const spend = () => {
    if (--budget.objects < 0) throw (exceeded ??= tooManyObjects());
    return false;
  };
  const restore = [
    replaceStatic(PDFParser, 'forBytesWithOptions', (original) => (...args: Parameters<typeof original>) => {
      const parser = original(...args);
      // pdf-lib asks this after every object it parses, packed ones included, to know when to yield.
      (parser as unknown as { shouldWaitForTick: () => boolean }).shouldWaitForTick = spend;
      return parser;
    }),
    replaceStatic(PDFObjectStreamParser, 'forStream', (original) => (stream: PDFRawStream, tick?: () => boolean) => {
      const declared = stream.dict.lookup(COUNT);
      if (declared instanceof PDFNumber && declared.asNumber() > budget.objects) throw (exceeded ??= tooManyObjects());
      return original(
        decodedWithin(stream, budget, () => (exceeded ??= streamsTooLarge())),
        tick,
      );
    }),
    replaceStatic(
      PDFXRefStreamParser,
      'forStream',
      (original) => (stream: PDFRawStream) => original(decodedWithin(stream, budget, () => (exceeded ??= streamsTooLarge()))),
    ),
  ];
  try {
    // pdf-lib catches what is thrown while it parses one object and goes on with the next, so a
    // budget met inside an object stream may only show once the parse is over.
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: Infinity }).catch((error: unknown) => {
      throw exceeded ?? error;
    });
    if (exceeded) throw exceeded;
    return doc;
  } finally {
    for (const undo of restore) undo();
  }
}

const OBJ_KEYWORD = Buffer.from('obj');

function occurrences(bytes: Uint8Array, needle: Buffer): number {
  const haystack = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) count++;
  return count;
}

/**
 * The stream decoded (as pdf-lib decodes it: Flate ignoring predictors) into an
 * unfiltered copy, its decoded size taken from the budget; `tooLarge()` is thrown
 * past it. Flate goes through zlib, some fifty times faster than pdf-lib's own
 * inflater; a stream zlib finds broken, and other filters, through pdf-lib's
 * decoders, read in slices so that the budget stops them too.
 */
function decodedWithin(stream: PDFRawStream, budget: Budget, tooLarge: () => Error): PDFRawStream {
  const filter = stream.dict.lookup(FILTER);
  if (filter === undefined) return stream;
  const decoded = (isFlate(filter) && inflateWithin(stream.contents, budget.decodedBytes)) || decodeInSlices(stream, budget.decodedBytes);
  if (decoded === 'too-large') throw tooLarge();
  budget.decodedBytes -= decoded.length;
  const dict = stream.dict.clone();
  dict.delete(FILTER);
  dict.delete(DECODE_PARMS);
  return PDFRawStream.of(dict, decoded);
}

/** Whether a stream's /Filter is Flate alone. */
export function isFlate(filter: unknown): boolean {
  return filter === FLATE || (filter instanceof PDFArray && filter.size() === 1 && filter.lookup(0) === FLATE);
}

/** Inflates with zlib within `limit` bytes; undefined when zlib finds the data broken. */
export function inflateWithin(data: Uint8Array, limit: number): Uint8Array | 'too-large' | undefined {
  try {
    // Sync flush: a stream cut short still gives what it holds, as viewers read it.
    return inflateSync(data, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: Math.max(1, limit) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return 'too-large';
    return undefined;
  }
}

/** Decoded bytes read at a time from pdf-lib's decoders. */
const SLICE = 1024 * 1024;

function decodeInSlices(stream: PDFRawStream, limit: number): Uint8Array | 'too-large' {
  const decoder = decodePDFRawStream(stream);
  let length = 0;
  for (let slice = decoder.getBytes(SLICE); slice.length > 0; slice = decoder.getBytes(SLICE)) {
    length += slice.length;
    if (length > limit) return 'too-large';
  }
  // The decoder keeps what it has decoded: reading from the start again decodes nothing more.
  decoder.reset();
  return decoder.getBytes(length) as Uint8Array; // clamped only when asked
}

/** Puts `wrap(original)` in place of a class's static method, and answers how to put the original back. */
function replaceStatic<C, K extends keyof C>(owner: C, key: K, wrap: (original: C[K]) => C[K]): () => void {
  const original = owner[key];
  owner[key] = wrap(typeof original === 'function' ? (original.bind(owner) as C[K]) : original);
  return () => {
    owner[key] = original;
  };
}
