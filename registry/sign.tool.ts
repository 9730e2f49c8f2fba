import { defineTool, notInSpec, pageItems, singlePdfInput } from './kit';

const WHY = 'issue 34';

/**
 * Sign: a drawn, typed or uploaded signature (and initials, a date) placed on
 * the pages where the visitor put it, written into the page content: vector
 * for drawn and typed signatures, the picture with its transparency for an
 * uploaded one. A visual signature; certificate signing is Sign with Certificate.
 */
export const signTool = defineTool({
  id: 'sign',
  category: 'security',
  title: notInSpec('Sign', WHY),
  subtitle: notInSpec('Draw, type or upload your signature and place it on the pages.', WHY),
  endpoint: '/api/v1/security/add-signature',

  input: singlePdfInput(),

  fields: {
    items: pageItems({
      label: notInSpec('Signature', WHY),
      kinds: ['ink', 'text', 'image'],
      required: notInSpec('Place a signature on a page first.', WHY),
      invalid: notInSpec('The signature must be a JSON list of ink, text or image items.', WHY),
      widget: 'signature-workspace',
      help: notInSpec('Draw, type or upload your signature, then click on a page to put it there; drag it to move it, its corner to resize it.', WHY),
      example: '[{"kind":"text","text":"Jane Doe","font":"handwriting-flowing","page":1,"x":72,"y":650,"width":200,"height":50}]',
    }),
  },

  action: { label: notInSpec('Sign', WHY), busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_signed.pdf', browser: '{base}_signed.pdf', fallback: 'signed.pdf' },
  toast: { success: notInSpec('Signature added successfully!', WHY) },
});
