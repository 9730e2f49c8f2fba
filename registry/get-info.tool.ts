import { defineTool, singlePdfInput } from './kit';

/**
 * Get All Info on PDF: everything a PDF says about itself, as the reference's
 * JSON (§5.9): metadata, counts, version, standards it claims, encryption and
 * permissions, form fields, attachments, scripts, layers, bookmarks,
 * signatures, and per page its size, boxes, fonts, images and links.
 */
export const getInfoTool = defineTool({
  id: 'get-info',
  category: 'edit',
  title: 'Get All Info on PDF',
  subtitle: 'Everything about a PDF, as JSON.',
  endpoint: '/api/v1/security/get-info-on-pdf',

  input: singlePdfInput(),

  fields: {},

  action: { label: 'Get Info', busyLabel: 'Processing...' },
  // Spec §2: two variants, the JSON text shown pretty-printed: a readable per-section view and the raw text.
  result: { kind: 'json', view: 'pdf-info' },
  download: { api: 'response.json', browser: '{base}_info.json', fallback: 'response.json' },
  toast: { success: 'PDF info retrieved successfully!' },
});
