import { defineTool, notInSpec, singlePdfInput } from './kit';

const REFERENCE = 'reference-beyond §9.4';

/**
 * Verify PDF/A and PDF/UA: checks the standards a PDF declares in its XMP
 * metadata (PDF/A-1 to 4, PDF/UA-1 and 2) with Folio's own named checks, each
 * tied to its ISO 19005 / 14289 clause, and answers the reference's JSON (one
 * object per flavour, a `not-pdfa` first entry without a PDF/A declaration),
 * saying which checks ran and what was not checked: veraPDF, which the
 * reference runs, is in neither Debian nor npm, so this is a partial check.
 */
export const verifyPdfTool = defineTool({
  id: 'verify-pdf',
  category: 'security',
  title: notInSpec('Verify PDF/A and PDF/UA', REFERENCE),
  subtitle: notInSpec('Is my file PDF/A? Check what it claims.', REFERENCE),
  endpoint: '/api/v1/security/verify-pdf',

  input: singlePdfInput(),

  fields: {},

  action: { label: notInSpec('Verify', REFERENCE), busyLabel: 'Processing...' },
  // The answer is an array of flavours; the page shows each as a panel of its fields.
  result: { kind: 'json', view: 'pdf-info' },
  download: { api: 'response.json', browser: '{base}_verification.json', fallback: 'response.json' },
  toast: { success: notInSpec('PDF verification completed!', REFERENCE) },
});
