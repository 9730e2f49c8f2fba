import { checkbox, defineTool, notInSpec, number, singlePdfInput } from './kit';

/**
 * Flatten: form fields become part of the page (their values stay as text,
 * the form goes), or, by default, every page becomes one picture of itself
 * (reference §6.18). The spec lists only the page's route; its page here has
 * the reference's one choice.
 */
export const flattenTool = defineTool({
  id: 'flatten',
  category: 'edit',
  title: 'Flatten',
  subtitle: 'Flatten forms and annotations into the page.',
  endpoint: '/api/v1/misc/flatten',

  input: singlePdfInput(),

  fields: {
    flattenOnlyForms: checkbox({
      label: 'Flatten only forms',
      help: 'Turn form fields into page content and keep everything else as it is. Otherwise every page becomes an image.',
      default: false,
    }),
    renderDpi: number({
      label: 'Render DPI',
      // The reference clamps the resolution to 72–500 rather than refusing it; an absent one is chosen to fit the pages.
      apiOnly: true,
      integer: true,
      invalid: notInSpec('renderDpi must be a whole number.', 'reference §6.18: renderDpi is an Integer, clamped to 72–500'),
    }),
  },

  action: { label: 'Flatten PDF', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  // The reference answers with the upload's own name; the spec names no file for this page.
  download: { api: '{name}', browser: '{base}_flattened.pdf', fallback: 'flattened.pdf' },
  toast: { success: 'PDF processed successfully!' },
});
