import { changeMetadataTool } from '@folio/registry';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import { readSomeObjects, updateObjects, type ObjectUpdate, type QpdfObjects } from '../../engines/qpdf/qpdf-objects';
import { decodedStreamSize, readStreamText } from '../../engines/qpdf/qpdf-streams';
import type { EngineOptions } from '../../engines/process';
import { asDict, isReference } from '../../pdf-objects/pdf-objects';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { buildDocumentInfo, xmpNow, type Change } from './document-info';
import { forUpdate } from './json-names';
import { updateXmpPacket } from './xmp-packet';

/** An XMP packet larger than this is not read back (a packet is a few KB); a fresh one replaces it. */
const MAX_XMP_BYTES = 4 * 1024 * 1024;

/**
 * Reads only the trailer, the catalog, the information dictionary and the XMP
 * packet (qpdf), writes the new dictionary and packet as new objects and points
 * the trailer and catalog at them (qpdf JSON update): streams are copied as
 * they are, so a 500 MB file costs one pass of qpdf, not a parse in memory.
 * Encryption is kept, as the reference's read-only load keeps it.
 */
@ToolProcessor(changeMetadataTool)
export class ChangeMetadataProcessor implements Processor<typeof changeMetadataTool> {
  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof changeMetadataTool>): Promise<ProcessorOutput> {
    const doc = await readDocument(file.path, engine);
    const updates: Record<string, ObjectUpdate> = {};
    let maxObjectId = doc.maxObjectId;

    if (params.deleteAll) {
      delete doc.trailer['/Info'];
      delete doc.catalog['/Metadata'];
      delete doc.catalog['/PieceInfo'];
    } else {
      const { fields } = changeMetadataTool;
      const { info, ...mirrored } = buildDocumentInfo(
        doc.info,
        {
          title: changeOf(params.title),
          author: changeOf(params.author),
          subject: changeOf(params.subject),
          keywords: changeOf(params.keywords),
          creator: changeOf(params.creator),
          producer: changeOf(params.producer),
          creationDate: changeOf(params.creationDate),
          modificationDate: changeOf(params.modificationDate),
          trapped: params.trapped,
          custom: params.allRequestParams,
        },
        { creationDate: fields.creationDate.invalid, modificationDate: fields.modificationDate.invalid },
      );
      const packet = updateXmpPacket(await readXmp(file.path, doc.catalog['/Metadata'], engine), mirrored, xmpNow());

      // New objects rather than edits of the old ones: a hostile file's /Info may be its catalog.
      const infoRef = `${++maxObjectId} 0 R`;
      updates[`obj:${infoRef}`] = { value: info };
      doc.trailer['/Info'] = infoRef;
      const xmpRef = `${++maxObjectId} 0 R`;
      updates[`obj:${xmpRef}`] = { stream: { dict: { '/Type': '/Metadata', '/Subtype': '/XML' }, data: Buffer.from(packet, 'utf8').toString('base64') } };
      doc.catalog['/Metadata'] = xmpRef;
    }

    updates.trailer = { value: forUpdate(trailerForUpdate(doc.trailer)) };
    updates[`obj:${doc.rootRef}`] = { value: forUpdate(doc.catalog) };
    const output = workspace.newPath('.pdf');
    await updateObjects(file.path, output, { maxObjectId, objects: updates }, workspace.newPath('.json'), engine);
    return { path: output };
  }
}

/**
 * What a standard field asks: left out (or blank) leaves the entry as it is;
 * the literal 'undefined', which the reference's page sent for a cleared field
 * and the reference reads as "remove", removes it; any other text replaces it.
 */
function changeOf(value: string | undefined): Change<string> {
  if (value === 'undefined') return null;
  return value;
}

/** Keys of a cross-reference stream's dictionary, which qpdf lists as the trailer's: they describe the old file's layout, not the document. */
const XREF_KEYS = ['/Type', '/W', '/Index', '/Filter', '/DecodeParms', '/Length', '/Prev', '/XRefStm'];

/**
 * The trailer as an update gives it. qpdf recomputes /Size, but (11.3) writes a
 * cross-reference stream without one, which readers cannot open, when the
 * updated trailer has none: some value must be there.
 */
function trailerForUpdate(trailer: Record<string, unknown>): Record<string, unknown> {
  return { ...Object.fromEntries(Object.entries(trailer).filter(([key]) => !XREF_KEYS.includes(key))), '/Size': trailer['/Size'] ?? 0 };
}

interface DocumentParts {
  trailer: Record<string, unknown>;
  rootRef: string;
  catalog: Record<string, unknown>;
  info?: Record<string, unknown>;
  maxObjectId: number;
}

/** The trailer, the catalog and the information dictionary, read by reference (two short qpdf runs). */
async function readDocument(path: string, engine: EngineOptions): Promise<DocumentParts> {
  const first = await readSomeObjects(path, ['trailer'], engine);
  const trailer = asDict(first.objects.trailer?.value);
  const rootRef = trailer?.['/Root'];
  if (!trailer || !isReference(rootRef)) throw new PdfCorruptedError(undefined, 'the trailer names no catalog');
  const infoValue = trailer['/Info'];
  const objects: QpdfObjects = (await readSomeObjects(path, isReference(infoValue) ? [rootRef, infoValue] : [rootRef], engine)).objects;
  const catalog = asDict(objects[`obj:${rootRef}`]?.value);
  if (!catalog) throw new PdfCorruptedError(undefined, 'the catalog is not a dictionary');
  const info = isReference(infoValue) ? asDict(objects[`obj:${infoValue}`]?.value) : asDict(infoValue);
  return { trailer, rootRef, catalog, info, maxObjectId: first.maxObjectId };
}

/**
 * The document's XMP packet as text, or undefined when it has none that can be
 * read: not a stream, a filter qpdf cannot decode, implausibly large. A new
 * packet then replaces it.
 */
async function readXmp(path: string, ref: unknown, engine: EngineOptions): Promise<string | undefined> {
  if (!isReference(ref)) return undefined;
  const { objects } = await readSomeObjects(path, [ref], engine);
  if (!objects[`obj:${ref}`]?.stream) return undefined;
  const [object] = ref.split(' ').map(Number);
  try {
    if ((await decodedStreamSize(path, object, MAX_XMP_BYTES, engine)) > MAX_XMP_BYTES) return undefined;
    return await readStreamText(path, ref, engine);
  } catch (error) {
    if (error instanceof PdfCorruptedError) return undefined;
    throw error;
  }
}
