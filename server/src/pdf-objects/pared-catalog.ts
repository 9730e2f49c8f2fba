import type { EngineOptions } from '../engines/process';
import { PdfCorruptedError } from '../engines/pdf-errors';
import { updateObjects, type DocumentListing } from '../engines/qpdf/qpdf-objects';
import { asDict, isReference, PdfObjects } from './pdf-objects';

/** Catalog entries a document cut into parts or sections keeps in each: its pages, XMP, form and language. */
export const PART_CATALOG_KEYS: readonly string[] = ['/Type', '/Pages', '/Metadata', '/AcroForm', '/Lang'];

/**
 * Writes `output` as a decrypted copy of the listed document whose catalog
 * keeps only PART_CATALOG_KEYS: its Info stays in the trailer, while bookmarks,
 * named destinations, the structure tree, page labels and open actions go
 * (they would point at pages a part lacks). Pages cut from it with qpdf's
 * `--pages .` keep the document's information. One qpdf pass; streams are
 * copied as they are.
 */
export async function writeWithPartCatalog(input: string, listing: DocumentListing, output: string, scratchJson: string, engine: EngineOptions): Promise<void> {
  const rootRef = asDict(listing.objects.trailer?.value)?.['/Root'];
  const catalog = new PdfObjects(listing.objects).dict(rootRef);
  if (!isReference(rootRef) || !catalog) throw new PdfCorruptedError(undefined, 'the file has no catalog');
  const pared = Object.fromEntries(Object.entries(catalog).filter(([key]) => PART_CATALOG_KEYS.includes(key)));
  await updateObjects(input, output, { maxObjectId: listing.maxObjectId, objects: { [`obj:${rootRef}`]: { value: pared } } }, scratchJson, engine, {
    decrypt: true,
  });
}
