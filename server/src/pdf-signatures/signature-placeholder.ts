import { appendFile, copyFile, open } from 'node:fs/promises';
import { asArray, isReference, type PdfObjects } from '../pdf-objects/pdf-objects';
import { formFields } from './signature-fields';
import { InvalidInputError } from '../refusals/input-errors';
import { objectBody, streamBody, writeUpdate, type UpdateBase, type UpdateObject } from './incremental-update';
import { pdfDate } from './pdf-syntax';
import { APPEARANCE_HEIGHT, APPEARANCE_RESOURCES, APPEARANCE_WIDTH, appearanceContent } from './signature-appearance';

/**
 * Adds an empty signature to a document as an incremental update: a signature
 * dictionary whose /Contents is a run of zeros to be overwritten with the CMS
 * object, and whose /ByteRange names every byte of the file but those zeros; a
 * signature field with its widget on a page; the form's /Fields and /SigFlags.
 * Sign with Certificate writes a signature (adbe.pkcs7.detached), Timestamp
 * PDF a document timestamp (/DocTimeStamp, ETSI.RFC3161, PDF 32000-2 §12.8.5).
 */

export interface PlaceholderOptions {
  /** Bytes reserved for the CMS object (written as twice as many hex digits). */
  contentsBytes: number;
  /** A signature (the default), or a document timestamp, whose CMS object is an RFC 3161 timestamp token. */
  kind?: 'signature' | 'document-timestamp';
  signedAt: Date;
  name?: string;
  reason?: string;
  location?: string;
  /** A visible signature: on this page (0-based), these lines. Invisible when undefined. */
  appearance?: { pageIndex: number; lines: readonly string[] };
}

/** Where the signature goes in the written file. */
export interface Placeholder {
  /** [0, offset of '<', offset after '>', bytes after that]. */
  byteRange: [number, number, number, number];
  /** Offset of the first hex digit of /Contents. */
  contentsStart: number;
  /** Hex digits reserved. */
  contentsLength: number;
}

/** Ten digits fill the widest offset a file here can have, so the range's text never changes length. */
const BYTE_RANGE_PLACEHOLDER = '[0 0000000000 0000000000 0000000000]';

/**
 * Writes `output`: the base file's bytes, then the update holding the empty
 * signature. Answers where its byte range and contents are.
 */
export async function writeSignaturePlaceholder(base: UpdateBase, pdf: PdfObjects, output: string, options: PlaceholderOptions): Promise<Placeholder> {
  const pages = pdf.pageRefs();
  const pageIndex = options.appearance?.pageIndex ?? 0;
  if (pageIndex >= pages.length)
    throw new InvalidInputError(`Page number must be between 1 and ${pages.length}: the document has ${pages.length} page${pages.length === 1 ? '' : 's'}.`);
  const pageRef = pages[pageIndex];
  const page = pdf.dict(pageRef);
  const catalog = pdf.catalog;
  if (!page || !catalog) throw new InvalidInputError('The document has no page to put a signature on.');

  let next = base.nextObject;
  const newRef = () => `${next++} 0 R`;
  const objects: UpdateObject[] = [];
  const add = (ref: string, body: Buffer) => {
    const [id, generation] = ref.split(' ').map(Number);
    objects.push({ id, generation, body });
  };

  const signatureRef = newRef();
  const widgetRef = newRef();
  const contentsHex = '0'.repeat(options.contentsBytes * 2);
  const timestamp = options.kind === 'document-timestamp';
  const signature = {
    '/Type': timestamp ? '/DocTimeStamp' : '/Sig',
    '/Filter': '/Adobe.PPKLite',
    '/SubFilter': timestamp ? '/ETSI.RFC3161' : '/adbe.pkcs7.detached',
    '/ByteRange': BYTE_RANGE_MARK,
    '/Contents': `b:${contentsHex}`,
    '/M': `u:${pdfDate(options.signedAt)}`,
    ...(options.name ? { '/Name': `u:${options.name}` } : {}),
    ...(options.reason ? { '/Reason': `u:${options.reason}` } : {}),
    ...(options.location ? { '/Location': `u:${options.location}` } : {}),
    '/Prop_Build': { '/App': { '/Name': '/Folio' } },
  };
  add(signatureRef, Buffer.from(objectBody(signature).toString('latin1').replace(BYTE_RANGE_MARK, BYTE_RANGE_PLACEHOLDER), 'latin1'));

  const widget: Record<string, unknown> = {
    '/Type': '/Annot',
    '/Subtype': '/Widget',
    '/FT': '/Sig',
    '/T': `u:${uniqueFieldName(pdf)}`,
    '/V': signatureRef,
    // Print and Locked: shown when printed, not to be moved or deleted.
    '/F': 132,
    '/P': pageRef,
    '/Rect': [0, 0, 0, 0],
  };
  if (options.appearance) {
    const [x, y] = lowerLeftOf(pdf, page);
    const appearanceRef = newRef();
    widget['/Rect'] = [x, y, x + APPEARANCE_WIDTH, y + APPEARANCE_HEIGHT];
    widget['/AP'] = { '/N': appearanceRef };
    const form = { '/Type': '/XObject', '/Subtype': '/Form', '/BBox': [0, 0, APPEARANCE_WIDTH, APPEARANCE_HEIGHT], '/Resources': APPEARANCE_RESOURCES };
    add(appearanceRef, streamBody(form, appearanceContent(options.appearance.lines)));
  }
  add(widgetRef, objectBody(widget));

  // The page lists the widget among its annotations.
  const annots = page['/Annots'];
  if (isReference(annots) && pdf.array(annots)) add(annots, objectBody([...pdf.array(annots)!, widgetRef]));
  else add(pageRef, objectBody({ ...page, '/Annots': [...(asArray(annots) ?? []), widgetRef] }));

  // The form lists the field and says the document is signed, updated only.
  const acroFormValue = catalog['/AcroForm'];
  const acroForm = pdf.dict(acroFormValue);
  const fields = acroForm?.['/Fields'];
  const signedForm = (form: Record<string, unknown>, fieldList: unknown) => ({ ...form, '/Fields': fieldList, '/SigFlags': 3 });
  if (acroForm && isReference(fields) && pdf.array(fields)) {
    add(fields, objectBody([...pdf.array(fields)!, widgetRef]));
    if (acroForm['/SigFlags'] !== 3) writeForm(signedForm(acroForm, fields));
  } else if (acroForm) {
    writeForm(signedForm(acroForm, [...(asArray(fields) ?? []), widgetRef]));
  } else {
    writeForm({ '/Fields': [widgetRef], '/SigFlags': 3 });
  }
  function writeForm(form: Record<string, unknown>) {
    if (isReference(acroFormValue) && acroForm) {
      add(acroFormValue, objectBody(form));
    } else {
      const formRef = newRef();
      add(formRef, objectBody(form));
      add(base.root, objectBody({ ...catalog, '/AcroForm': formRef }));
    }
  }

  const update = writeUpdate({ ...base, nextObject: next }, dedupe(objects));
  const updateText = update.toString('latin1');
  const rangeAt = updateText.indexOf(`/ByteRange ${BYTE_RANGE_PLACEHOLDER}`);
  const contentsAt = updateText.indexOf(`/Contents <${contentsHex}>`);
  if (rangeAt < 0 || contentsAt < 0) throw new Error('The signature placeholder is missing from its own update.');
  const contentsStart = base.size + contentsAt + '/Contents '.length;
  const contentsEnd = contentsStart + contentsHex.length + 2;
  const total = base.size + update.length;
  const byteRange: Placeholder['byteRange'] = [0, contentsStart, contentsEnd, total - contentsEnd];

  // The range's final text, padded with spaces to the placeholder's length.
  const rangeText = `[${byteRange.join(' ')}]`.padEnd(BYTE_RANGE_PLACEHOLDER.length, ' ');
  if (rangeText.length !== BYTE_RANGE_PLACEHOLDER.length) throw new Error('The file is too large for its byte range placeholder.');
  update.write(rangeText, rangeAt + '/ByteRange '.length, 'latin1');

  await copyFile(base.path, output);
  await appendFile(output, update);
  return { byteRange, contentsStart: contentsStart + 1, contentsLength: contentsHex.length };
}

/** Writes the CMS object (a signature, a timestamp token), as hex, over the start of the zeros reserved for it. */
export async function writeSignatureContents(path: string, placeholder: Placeholder, cms: Buffer): Promise<void> {
  if (cms.length * 2 > placeholder.contentsLength) throw new Error('The signature is larger than the space reserved for it.');
  const handle = await open(path, 'r+');
  try {
    await handle.write(Buffer.from(cms.toString('hex').toUpperCase(), 'latin1'), 0, cms.length * 2, placeholder.contentsStart);
  } finally {
    await handle.close();
  }
}

/** A name the signature dictionary is written with where its byte range goes, then replaced by BYTE_RANGE_PLACEHOLDER. */
const BYTE_RANGE_MARK = '/FolioByteRangePlaceholder';

/** 'Signature1', or the first 'SignatureN' no field of the form has. */
function uniqueFieldName(pdf: PdfObjects): string {
  const taken = new Set(formFields(pdf).map((field) => field.name.split('.')[0]));
  let n = 1;
  while (taken.has(`Signature${n}`)) n++;
  return `Signature${n}`;
}

/** The lower-left corner of what the page shows: its crop box (else media box), inherited through /Parent if need be. */
function lowerLeftOf(pdf: PdfObjects, page: Record<string, unknown>): [number, number] {
  const seen = new Set<unknown>();
  for (let node: Record<string, unknown> | undefined = page; node && !seen.has(node); node = pdf.dict(node['/Parent'])) {
    seen.add(node);
    for (const key of ['/CropBox', '/MediaBox']) {
      const box = pdf.array(node[key])?.map((n) => pdf.resolve(n));
      if (box?.length === 4 && box.every((n) => typeof n === 'number')) {
        const [x1, y1, x2, y2] = box as number[];
        return [Math.min(x1, x2), Math.min(y1, y2)];
      }
    }
  }
  return [0, 0];
}

/** One object per number: a later write of the same object (the same array twice) replaces the earlier. */
function dedupe(objects: readonly UpdateObject[]): UpdateObject[] {
  const byId = new Map<number, UpdateObject>();
  for (const object of objects) byId.set(object.id, object);
  return [...byId.values()];
}
