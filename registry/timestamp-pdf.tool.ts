import { defineTool, notInSpec, singlePdfInput, text } from './kit';

const REFERENCE = 'reference-beyond §9.3';

/**
 * Timestamp PDF: adds an RFC 3161 document timestamp (/DocTimeStamp,
 * ETSI.RFC3161) as an incremental update, from a timestamp authority the
 * server's operator configures (FOLIO_TSA_URLS; off without it). Only the
 * SHA-256 of the signed bytes leaves the server; the authority's answer is
 * checked (status, imprint, nonce, its certificate chain to the operator's
 * trust, the timeStamping key usage) before it goes into the file.
 */
export const timestampPdfTool = defineTool({
  id: 'timestamp-pdf',
  category: 'security',
  title: notInSpec('Timestamp PDF', REFERENCE),
  subtitle: notInSpec('Prove a PDF existed at a point in time.', REFERENCE),
  endpoint: '/api/v1/security/timestamp-pdf',

  input: singlePdfInput(),

  fields: {
    tsaUrl: text({
      label: notInSpec('Timestamp authority (TSA) URL', REFERENCE),
      help: notInSpec(
        'Leave blank for the server’s default authority. Only authorities the server’s operator allows are accepted; timestamps work only on servers whose operator has configured one.',
        REFERENCE,
      ),
      placeholder: notInSpec('Server default', REFERENCE),
      maxLength: 2048,
      invalid: notInSpec('The TSA URL is too long.', REFERENCE),
      example: 'http://127.0.0.1:1/tsr',
    }),
  },

  action: { label: notInSpec('Timestamp', REFERENCE), busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_timestamped.pdf', browser: '{base}_timestamped.pdf', fallback: 'timestamped.pdf' },
  toast: { success: notInSpec('PDF timestamped successfully!', REFERENCE) },
});
