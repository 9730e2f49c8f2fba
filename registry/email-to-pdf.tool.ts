import { checkbox, defineTool, number } from './kit';

const WRONG_TYPE = 'Please upload a valid email file (.eml or .msg).';

/**
 * Email to PDF: an .eml or Outlook .msg message laid out as a page (header
 * block, body, attachment list) and printed in the fenced browser; its
 * attachments can travel inside the PDF as file attachments.
 */
export const emailToPdfTool = defineTool({
  id: 'email-to-pdf',
  category: 'convert-to',
  title: 'Email to PDF',
  subtitle: 'Turn .eml and .msg emails into PDF.',
  endpoint: '/api/v1/convert/eml/pdf',

  input: {
    accept: ['eml', 'msg'],
    multiple: false,
    messages: { missing: WRONG_TYPE, wrongType: WRONG_TYPE },
  },

  fields: {
    downloadHtml: checkbox({
      label: 'Download HTML intermediate file instead of PDF',
      help: 'The page the PDF would be printed from, as an HTML file.',
      default: false,
    }),
    includeAttachments: checkbox({
      label: 'Include attachments',
      help: 'Embed the email’s attachments in the PDF as file attachments.',
      default: true,
    }),
    maxAttachmentSize: number({
      label: 'Maximum attachment size (MB)',
      help: 'Larger attachments are listed but not embedded.',
      // The reference's clients send it as maxAttachmentSizeMB.
      aliases: ['maxAttachmentSizeMB'],
      default: 10,
      greaterThan: 0,
      inputMin: 1,
      step: 1,
      invalid: 'Maximum attachment size must be greater than 0.',
    }),
    // Reference clients send it; the page does not. Off hides Cc and Bcc.
    includeAllRecipients: checkbox({
      label: 'Show all recipients (Cc and Bcc)',
      default: true,
      apiOnly: true,
    }),
  },

  notice: 'Conversion can take up to a minute.',
  action: { label: 'Convert to PDF', busyLabel: 'Converting...' },
  result: {
    kind: 'pdf',
    // The page the PDF would be printed from, named after the whole upload name like the PDF (reference §4.2).
    variants: [
      {
        when: { downloadHtml: [true] },
        kind: 'download',
        apiContentType: 'text/html; charset=utf-8',
        download: { api: '{name}.html', browser: '{base}.html', fallback: 'converted.html' },
      },
    ],
  },
  // Reference §1.5: the API appends to the whole name (mail.eml.pdf); the page swaps the extension (spec §7).
  download: { api: '{name}.pdf', browser: '{base}.pdf', fallback: 'converted.pdf' },
  toast: { success: 'Email converted successfully!' },
});
