/**
 * How much of a file a signature covers, as Validate PDF Signature reports it
 * beyond the reference's fields: the server works it out, the page puts it in
 * words. One definition for both ends of the wire.
 */

/** `entire-document` when the byte range reaches the end of the file; null when it does not fit the file at all. */
export type SignatureCoverage = 'entire-document' | 'signed-revision-only' | null;

/**
 * What was done to a document after a signature that does not reach the end
 * of the file: what was written after the signed revision, compared object by
 * object with that revision.
 */
export interface ChangesAfterSigning {
  /** Bytes written after the signed revision. */
  bytesAdded: number;
  /** Revisions (cross-reference sections) written after it; 0 when only loose bytes were appended. */
  incrementalUpdates: number;
  /** Objects written or rewritten since; null when the signed revision could not be read. */
  objectsChanged: number | null;
  /** Pages numbered as the document has them now; null when the signed revision could not be read. */
  pages: { added: number; removed: number; changed: number[] } | null;
  annotations: { added: number; removed: number; changed: number } | null;
  /** Form fields by full name; a signature field signed since counts as changed. */
  formFields: { added: string[]; removed: string[]; changed: string[] } | null;
  /** Signatures made after this one (signature fields holding a signature they did not hold then). */
  laterSignatures: number | null;
}
