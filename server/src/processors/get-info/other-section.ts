import { readOutlineTree, type OutlineNode } from '../../pdf-objects/outlines';
import type { PageNode } from '../../pdf-objects/page-tree';
import { isReference, nameOf, numberOf, textOf, type PdfObjects } from '../../pdf-objects/pdf-objects';
import { scriptStringText } from '../../pdf-scripts/script-encoding';
import { findScripts } from '../../pdf-scripts/script-finder';
import { signatureDictionaries } from '../../pdf-signatures/signature-fields';
import { dateText, infoDate, nameTreeEntries } from './info-values';

/**
 * How many bytes a stream decodes to, or undefined when it cannot be told
 * (an engine call; the caller bounds how many it makes).
 */
export type StreamSizer = (ref: string) => Promise<number | undefined>;

/** Entries listed at most per list: a file cannot make the answer grow without end. */
const MAX_ENTRIES = 10_000;
/** Structure elements listed at most (a tagged book has tens of thousands). */
const MAX_STRUCTURE_ELEMENTS = 20_000;
const MAX_STRUCTURE_DEPTH = 64;

/** A file specification's file name: /UF, else /F, else the text of a plain string spec. */
function fileSpecName(pdf: PdfObjects, spec: unknown): string | undefined {
  const resolved = pdf.resolve(spec);
  const dict = pdf.dict(resolved);
  if (!dict) return textOf(resolved);
  return textOf(pdf.resolve(dict['/UF'])) ?? textOf(pdf.resolve(dict['/F']));
}

/** The embedded file stream of a file specification (/EF /UF or /F). */
function embeddedStream(pdf: PdfObjects, spec: unknown): string | undefined {
  const ef = pdf.dict(pdf.dict(spec)?.['/EF']);
  const stream = ef?.['/UF'] ?? ef?.['/F'];
  return isReference(stream) ? stream : undefined;
}

/** An embedded file's size: its /Params /Size, else what it decodes to. */
async function embeddedSize(pdf: PdfObjects, stream: string, sizeOf: StreamSizer): Promise<number | null> {
  const size = numberOf(pdf.resolve(pdf.dict(pdf.dict(stream)?.['/Params'])?.['/Size']));
  return size ?? (await sizeOf(stream)) ?? null;
}

/** Other: attached files, file attachment annotations, scripts, layers, bookmarks, signatures, XMP, structure. */
export async function otherSection(
  pdf: PdfObjects,
  pages: readonly PageNode[],
  xmp: string | null,
  fileSize: number,
  sizeOf: StreamSizer,
): Promise<Record<string, unknown>> {
  const names = pdf.dict(pdf.catalog?.['/Names']);

  const embeddedFiles = [];
  for (const [name, spec] of nameTreeEntries(pdf, names?.['/EmbeddedFiles'], MAX_ENTRIES)) {
    const stream = embeddedStream(pdf, spec);
    const params = pdf.dict(pdf.dict(stream)?.['/Params']);
    embeddedFiles.push({
      Name: name,
      ...(stream
        ? {
            FileSize: await embeddedSize(pdf, stream, sizeOf),
            MimeType: nameOf(pdf.resolve(pdf.dict(stream)?.['/Subtype'])) ?? null,
            CreationDate: infoDate(pdf.resolve(params?.['/CreationDate'])) ?? null,
            ModificationDate: infoDate(pdf.resolve(params?.['/ModDate'])) ?? null,
          }
        : {}),
    });
  }

  const attachments = [];
  for (const page of pages) {
    for (const annotation of pdf.array(page.dict['/Annots']) ?? []) {
      const dict = pdf.dict(annotation);
      if (dict?.['/Subtype'] !== '/FileAttachment' || attachments.length >= MAX_ENTRIES) continue;
      const stream = embeddedStream(pdf, dict['/FS']);
      attachments.push({
        Name: fileSpecName(pdf, dict['/FS']) ?? null,
        Description: textOf(pdf.resolve(dict['/Contents'])) ?? null,
        ...(stream ? { FileSize: await embeddedSize(pdf, stream, sizeOf) } : {}),
      });
    }
  }

  // The same finder as Show Javascript's, so the two never disagree: the name tree's scripts under their
  // names (all the reference lists), then every other script under where it lives.
  const javaScript = [];
  for (const { name, js } of findScripts(pdf).slice(0, MAX_ENTRIES)) {
    const length = isReference(js) ? await sizeOf(js) : scriptStringText(js).length;
    javaScript.push({ 'JS Name': name, ...(length !== undefined ? { 'JS Script Length': length } : {}) });
  }

  const layers = (pdf.array(pdf.dict(pdf.catalog?.['/OCProperties'])?.['/OCGs']) ?? [])
    .slice(0, MAX_ENTRIES)
    .map((group) => ({ Name: textOf(pdf.resolve(pdf.dict(group)?.['/Name'])) ?? null }));

  const bookmarks: { Title: string }[] = [];
  const flatten = (nodes: readonly OutlineNode[]) => {
    for (const node of nodes) {
      bookmarks.push({ Title: node.title });
      flatten(node.children);
    }
  };
  flatten(readOutlineTree(pdf));

  const other: Record<string, unknown> = {
    EmbeddedFiles: embeddedFiles,
    Attachments: attachments,
    JavaScript: javaScript,
    Layers: layers,
    'Bookmarks/Outline/TOC': bookmarks,
    Signatures: signatures(pdf, fileSize),
    XMPMetadata: xmp,
  };
  const structure = pdf.dict(pdf.catalog?.['/StructTreeRoot']);
  if (structure) other.StructureTree = structureTree(pdf, structure['/K']);
  return other;
}

/**
 * The signatures (not in the reference's answer): each signed signature
 * field with who signed, when, why and where, its format, and whether it
 * covers the whole file as it is (a later change leaves it covering less).
 * Validate PDF Signature checks them.
 */
function signatures(pdf: PdfObjects, fileSize: number): Record<string, unknown>[] {
  return signatureDictionaries(pdf).map((signature) => {
    const range = signature.byteRange;
    return {
      Field: signature.fieldName,
      SignerName: signature.name ?? null,
      SigningTime: signature.signingTime ? (dateText(signature.signingTime) ?? null) : null,
      Reason: signature.reason ?? null,
      Location: signature.location ?? null,
      SubFilter: nameOf(signature.subFilter) ?? null,
      CoversWholeDocument: range !== undefined && range.length === 4 && range[0] === 0 && range[2] + range[3] === fileSize,
    };
  });
}

/**
 * The logical structure as the reference lists it: each element's type and,
 * beyond the reference (which only joins string kids, which real files never
 * have), its replacement text, alternate description or title as Content.
 */
function structureTree(pdf: PdfObjects, kids: unknown): Record<string, unknown>[] {
  let listed = 0;
  const seen = new Set<string>();
  const walk = (value: unknown, depth: number): Record<string, unknown>[] => {
    const resolved = pdf.resolve(value);
    const items = Array.isArray(resolved) ? resolved : [value];
    const elements: Record<string, unknown>[] = [];
    for (const item of items) {
      if (listed >= MAX_STRUCTURE_ELEMENTS || depth > MAX_STRUCTURE_DEPTH) break;
      if (isReference(item)) {
        if (seen.has(item)) continue;
        seen.add(item);
      }
      const element = pdf.dict(item);
      // Marked-content and object references (numbers, /MCR, /OBJR) are content, not elements.
      if (!element || element['/S'] === undefined) continue;
      listed++;
      const content = ['/ActualText', '/Alt', '/T'].map((key) => textOf(pdf.resolve(element[key]))).find((text) => text !== undefined) ?? '';
      const children = element['/K'] === undefined ? [] : walk(element['/K'], depth + 1);
      elements.push({ Type: nameOf(pdf.resolve(element['/S'])) ?? null, Content: content, ...(children.length > 0 ? { Children: children } : {}) });
    }
    return elements;
  };
  return kids === undefined ? [] : walk(kids, 0);
}
