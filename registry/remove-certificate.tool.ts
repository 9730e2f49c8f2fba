import { defineTool, singlePdfInput } from './kit';

/**
 * Remove Certificate: removes every digital signature (the signature fields,
 * their signed values and the document's signature permissions), keeping a
 * visible signature's look as page content and every other form field.
 */
export const removeCertificateTool = defineTool({
  id: 'remove-certificate',
  category: 'security',
  structural: true,
  title: 'Remove Certificate',
  subtitle: 'Strip digital signatures.',
  endpoint: '/api/v1/security/remove-cert-sign',

  input: singlePdfInput(),

  fields: {},

  action: { label: 'Remove Certificate', busyLabel: 'Processing...' },
  result: {
    kind: 'pdf',
    // The reference answers an unsigned file re-saved (§5.5); the page says there was nothing to remove.
    outcomes: { 'no-signature': { when: 'the PDF has no signature or signature field', notice: 'This file has no signature: nothing was removed.' } },
  },
  download: { api: '{base}_unsigned.pdf', browser: '{base}_no_certificate.pdf', fallback: 'no_certificate.pdf' },
  toast: { success: 'Certificate removed successfully!' },
});
