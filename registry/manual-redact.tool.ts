import { checkbox, defineTool, notInSpec, pageItems, pages, singlePdfInput, text } from './kit';

const WHY = 'reference-beyond §9.1';

/**
 * Manual Redact: everything under the areas drawn on the pages (text, images,
 * annotations) and the whole pages chosen is removed from the file, not only
 * covered as in the reference (reference-beyond §9.1, §11.9), and each area
 * filled with its colour. On its page the visitor draws the boxes in the page
 * workspace, or has them put over every occurrence of a search.
 */
export const manualRedactTool = defineTool({
  id: 'manual-redact',
  category: 'security',
  title: 'Manual Redact',
  subtitle: notInSpec('Remove what lies under the boxes you draw, or whole pages.', WHY),
  endpoint: '/api/v1/security/redact',

  input: singlePdfInput(),

  fields: {
    redactions: pageItems({
      label: notInSpec('Areas', WHY),
      kinds: ['box'],
      invalid: notInSpec('Redaction areas must be a JSON list of {x, y, width, height, page}.', WHY),
      widget: 'redaction-workspace',
      help: notInSpec('Draw boxes over what must go, or find text and mark it: everything under a box is removed from the file, not only covered.', WHY),
      example: '[{"x":50,"y":80,"width":200,"height":30,"page":1}]',
    }),
    pageNumbers: pages({
      label: notInSpec('Whole pages', WHY),
      help: notInSpec('Pages removed whole and filled with the page colour: 1,3,5-7 or 2n+1.', WHY),
    }),
    pageRedactionColor: text({
      label: notInSpec('Page colour', WHY),
      help: notInSpec('Colour of whole redacted pages, as hex; an invalid colour is black.', WHY),
      default: '#000000',
    }),
    convertPDFToImage: checkbox({
      label: 'Convert PDF to image',
      help: notInSpec('Replace every page by a picture of itself afterwards.', WHY),
      default: false,
    }),
  },

  action: { label: notInSpec('Redact', WHY), busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_redacted.pdf', browser: '{base}_redacted.pdf', fallback: 'redacted.pdf' },
  toast: { success: 'Redaction completed successfully!' },
});
