import { defineTool, notInSpec, singlePdfInput } from './kit';

/**
 * Security Info: whether the PDF is encrypted and, if it is, its key length and
 * the four restrictions the reference reports; a file that needs a password to
 * open is refused like everywhere else (reference-beyond §4).
 * Only API clients and pipelines call it.
 */
export const analysisSecurityInfoTool = defineTool({
  id: 'analysis-security-info',
  category: 'advanced',
  title: 'Security Info',
  subtitle: 'Whether a PDF is encrypted, its key length and what it forbids, as JSON.',
  endpoint: '/api/v1/analysis/security-info',
  apiOnly: true,
  structural: true,

  input: singlePdfInput(),

  fields: {},

  action: { label: 'Get Security Info', busyLabel: 'Processing...' },
  result: { kind: 'json' },
  // The reference names no file; a name is sent all the same (the kit always sends one), the upload's with what it holds.
  download: { api: '{base}_security.json', browser: '{base}_security.json', fallback: 'security.json' },
  toast: { success: notInSpec('Security info retrieved successfully!', 'reference-beyond §4') },
});
