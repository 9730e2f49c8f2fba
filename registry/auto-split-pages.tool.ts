import { checkbox, defineTool, singlePdfInput } from './kit';

/**
 * Auto Split PDF: cuts a scanned stack into documents at its divider pages,
 * pages carrying a QR code with one of the divider texts (the reference's three
 * Stirling-PDF addresses, or Folio's own, printed on the divider sheet the page
 * links to), and answers the parts in a ZIP (reference §6.13). Divider pages are
 * left out, the first page's too (docs/compatibility.md).
 */
export const autoSplitPagesTool = defineTool({
  id: 'auto-split-pages',
  category: 'advanced',
  title: 'Auto Split PDF',
  subtitle: 'Split scanned stacks at divider pages.',
  endpoint: '/api/v1/misc/auto-split-pdf',
  longRunning: true,

  input: singlePdfInput(),

  // Spec §2: an info panel and a link to a divider instructions PDF: the static file
  // web/public/auto-split-divider.pdf (built by server/src/processors/auto-split-pages/divider-sheet.ts).
  notice:
    'Put a divider sheet in front of each document in the stack, scan the whole stack into one PDF and upload it: a new document starts at every divider, and the dividers are left out.',
  noticeLink: { label: 'Print the divider sheet (PDF)', href: '/auto-split-divider.pdf' },

  fields: {
    duplexMode: checkbox({
      label: 'Duplex mode',
      help: 'The stack was scanned on both sides: the back of each divider sheet is left out too.',
      default: false,
    }),
  },

  action: { label: 'Auto Split PDF', busyLabel: 'Processing...' },
  result: {
    kind: 'zip',
    // The reference answers the whole document as one part (§6.13); the page says no divider was found.
    outcomes: { 'no-dividers': { when: 'no divider page is found', notice: 'No divider pages found: the whole document is one part.' } },
  },
  // Reference §6.13: the API names the ZIP after the upload alone; the spec's page (§9) saves it as _autosplit.zip.
  download: { api: '{base}.zip', browser: '{base}_autosplit.zip', fallback: 'autosplit.zip' },
  toast: { success: 'PDF auto split successfully!' },
  // Every page is drawn and searched for a QR code: a 500-page scan takes a few minutes on two cores.
  timeoutMs: 600_000,
});
