import { defineTool, singlePdfInput } from './kit';

/** Pdf To Cbr: TODO: one sentence for the card and the page. */
export const pdfToCbrTool = defineTool({
  id: 'pdf-to-cbr',
  category: 'convert-from',
  title: 'Pdf To Cbr',
  subtitle: 'TODO: one sentence for the card and the page.',
  endpoint: '/api/v1/convert/pdf/cbr',

  input: singlePdfInput(), // TODO: the spec's accepted files and messages

  // TODO: declare the options (field builders and presets from ./kit), with the spec's labels,
  // defaults and validation messages verbatim.
  fields: {},

  action: { label: 'Pdf To Cbr', busyLabel: 'Processing...' }, // TODO: the spec's busy label
  result: { kind: 'pdf' },
  download: { api: '{base}_pdf_to_cbr.pdf', browser: 'pdf-to-cbr.pdf' }, // TODO: names from the reference and the spec
  toast: { success: 'TODO: success toast from the spec' },
});
