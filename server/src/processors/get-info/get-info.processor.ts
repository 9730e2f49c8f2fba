import { writeFile } from 'node:fs/promises';
import { getInfoTool } from '@folio/registry';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import { writePlainText } from '../../engines/poppler-text';
import type { EngineOptions } from '../../engines/process';
import { readDocument } from '../../engines/qpdf/qpdf-objects';
import { decodedStreamSize, readStreamText } from '../../engines/qpdf/qpdf-streams';
import { pageNodes } from '../../pdf-objects/page-tree';
import { PdfObjects, textOf } from '../../pdf-objects/pdf-objects';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { complianceSummary, compliancySection, looksSecCompliant, standardClaims } from './compliance';
import { documentInfoSection, encryptionSection, formFieldsSection, metadataSection, permissionsSection, restrictedPermissions } from './document-sections';
import { otherSection, type StreamSizer } from './other-section';
import { pageEntry, pageImageObjects } from './page-sections';
import { countText } from './text-counts';

/** An XMP packet larger than this is not read (real ones are a few KB; some carry thumbnails, a few hundred). */
const MAX_XMP_BYTES = 4 * 1024 * 1024;
/** Streams measured by decoding, at most (embedded files without a size, scripts in streams): each is an engine run. */
const MAX_MEASURED_STREAMS = 50;
/** A stream measured counts up to this many bytes. */
const MAX_MEASURED_BYTES = 1024 * 1024 * 1024;

/**
 * Describes a PDF as the reference's JSON (§5.9), read without changing it
 * and without a password (an owner-password-only file is described as it is).
 * One qpdf run lists every object (no stream data), the header's version and
 * the encryption; everything structural is read from that listing. Poppler's
 * pdftotext writes the text to a file once, counted a page at a time. Only the
 * XMP packet and the few streams whose size must be decoded are read besides.
 * Nothing is rendered, so a 1000-page file takes seconds and memory follows
 * the number of objects, not the size of the streams.
 */
@ToolProcessor(getInfoTool)
export class GetInfoProcessor implements Processor<typeof getInfoTool> {
  readonly readsPageContent = true;

  async run({ files: [file], workspace, engine }: ProcessorInput<typeof getInfoTool>): Promise<ProcessorOutput> {
    const listing = await readDocument(file.path, engine);
    const pdf = new PdfObjects(listing.objects);
    const pages = pageNodes(pdf);
    const pageCount = file.pageCount ?? pages.length;

    const textFile = workspace.newPath('.txt');
    await writePlainText(file.path, textFile, pageCount, engine);
    const text = await countText(textFile);
    const xmp = await readXmp(file.path, pdf, engine);
    const claims = standardClaims(xmp, pdf);
    const restrictions = restrictedPermissions(listing.encryption);

    const imageObjects = pages.flatMap((page) => pageImageObjects(pdf, page.resources));
    const language = textOf(pdf.resolve(pdf.catalog?.['/Lang']));
    const basicInfo = {
      FileSizeInBytes: file.size,
      WordCount: text.words,
      ParagraphCount: text.paragraphs,
      CharacterCount: text.characters,
      ...(language !== undefined ? { Language: language } : {}),
      'Number of pages': pageCount,
      TotalImages: imageObjects.length,
      UniqueImages: new Set(imageObjects).size,
    };

    const perPage: Record<string, unknown> = {};
    pages.forEach((page, index) => {
      perPage[`Page ${index + 1}`] = pageEntry(pdf, page, text.perPage.get(index + 1) ?? 0);
    });

    const summary = {
      ...(listing.encryption.encrypted ? { encrypted: true } : {}),
      ...(restrictions.length > 0 ? { restrictedPermissions: restrictions, restrictedPermissionsCount: restrictions.length } : {}),
      ...(claims.length > 0 ? { Compliance: complianceSummary(claims) } : {}),
    };

    const report = {
      Metadata: metadataSection(pdf),
      BasicInfo: basicInfo,
      DocumentInfo: documentInfoSection(pdf, listing.pdfVersion),
      Compliancy: compliancySection(claims, looksSecCompliant(pdf, listing.encryption.encrypted)),
      Encryption: encryptionSection(pdf, listing.encryption),
      Permissions: permissionsSection(listing.encryption),
      FormFields: formFieldsSection(pdf),
      Other: await otherSection(pdf, pages, xmp, file.size, streamSizer(file.path, engine)),
      PerPageInfo: perPage,
      ...(Object.keys(summary).length > 0 ? { SummaryData: summary } : {}),
    };

    const output = workspace.newPath('.json');
    await writeFile(output, JSON.stringify(report, null, 2));
    return { path: output };
  }
}

/** The catalog's XMP packet as text; null when there is none or it cannot be read. */
async function readXmp(path: string, pdf: PdfObjects, engine: EngineOptions): Promise<string | null> {
  const ref = pdf.catalog?.['/Metadata'];
  if (typeof ref !== 'string' || !pdf.objects[`obj:${ref}`]?.stream) return null;
  try {
    if ((await decodedStreamSize(path, Number(ref.split(' ')[0]), MAX_XMP_BYTES, engine)) > MAX_XMP_BYTES) return null;
    return await readStreamText(path, ref, engine);
  } catch (error) {
    if (error instanceof PdfCorruptedError) return null;
    throw error;
  }
}

/** Measures streams by decoding them with qpdf, the first MAX_MEASURED_STREAMS asked for; then, and for damaged ones, undefined. */
function streamSizer(path: string, engine: EngineOptions): StreamSizer {
  let measured = 0;
  return async (ref) => {
    if (measured >= MAX_MEASURED_STREAMS) return undefined;
    measured++;
    try {
      const size = await decodedStreamSize(path, Number(ref.split(' ')[0]), MAX_MEASURED_BYTES, engine);
      return size > MAX_MEASURED_BYTES ? undefined : size;
    } catch (error) {
      if (error instanceof PdfCorruptedError) return undefined;
      throw error;
    }
  };
}
