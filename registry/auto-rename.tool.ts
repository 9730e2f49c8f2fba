import { checkbox, defineTool, singlePdfInput } from './kit';

/**
 * Auto Rename PDF: the PDF comes back under a name taken from its title, the
 * text set in the largest font at the top of its first page with text
 * (reference §6.12), in the Content-Disposition header; the page saves it
 * under that name. The document itself is only written out again.
 */
export const autoRenameTool = defineTool({
  id: 'auto-rename',
  category: 'advanced',
  title: 'Auto Rename PDF',
  subtitle: 'Name a PDF after its title.',
  endpoint: '/api/v1/misc/auto-rename',

  input: singlePdfInput(),

  fields: {
    useFirstTextAsFallback: checkbox({
      label: 'Use the first line of text as a fallback',
      help: 'When no title stands out (or it is too long for a file name), name the file after its first line of text instead of keeping its name.',
      // The reference accepts it (absent: false); the spec's page does not send it.
      apiOnly: true,
      default: false,
    }),
  },

  action: { label: 'Auto Rename PDF', busyLabel: 'Processing...' },
  result: {
    kind: 'pdf',
    // The reference answers the file under its upload name (§6.12); the page says no title was found.
    outcomes: { 'no-title': { when: 'no title is found (no text on the first pages)', notice: 'No title found: the name is unchanged.' } },
  },
  // The name is the title found (the processor's); the page takes it from the answer, renamed.pdf without one (spec §7).
  download: { api: '{name}', namedByProcessor: true, browser: 'from-response', fallback: 'renamed.pdf' },
  toast: { success: 'PDF renamed and downloaded successfully!' },
});
