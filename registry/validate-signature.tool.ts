import { defineTool, file } from './kit';

const MISSING = 'Please upload the signed PDF file.';

/**
 * Validate PDF Signature: one report per signature of a PDF (reference §5.8):
 * does the signature hold over the bytes it names, does the signer's
 * certificate lead to a trusted anchor (the certificate sent, or the system's
 * trust store), was it valid when signing, who signed, when and why.
 */
export const validateSignatureTool = defineTool({
  id: 'validate-signature',
  category: 'security',
  title: 'Validate PDF Signature',
  subtitle: 'Check who signed and whether it holds.',
  endpoint: '/api/v1/security/validate-signature',

  input: { accept: ['pdf'], multiple: false, messages: { missing: MISSING, wrongType: MISSING } },

  fields: {
    // The reference's name; the spec's page sends it as customCert.
    certFile: file({
      label: 'Custom certificate (optional)',
      help: 'A certificate to trust as the root of the signer’s chain, instead of the usual certificate authorities.',
      accept: ['certificate'],
      maxBytes: 1024 * 1024,
      aliases: ['customCert'],
    }),
  },

  action: { label: 'Validate Signature', busyLabel: 'Processing...' },
  // Spec §2: the page shows the signatures as a list.
  result: { kind: 'json', view: 'signature-list' },
  download: { api: '{base}_signatures.json', browser: '{base}_signatures.json', fallback: 'signatures.json' },
  toast: { success: 'Signature validation completed!' },
});
