import { checkbox, defineTool, notInSpec, number, singlePdfInput, text } from './kit';

/**
 * Auto Redact: every occurrence of the given words or patterns is removed from
 * the pages' text (not merely covered) and a box in the chosen colour is drawn
 * where it was (reference §5.4).
 */
export const autoRedactTool = defineTool({
  id: 'auto-redact',
  category: 'security',
  title: 'Auto Redact',
  subtitle: 'Black out text everywhere it appears.',
  endpoint: '/api/v1/security/auto-redact',

  input: singlePdfInput(),

  fields: {
    listOfText: text({
      label: 'Text to redact',
      multiline: true,
      placeholder: 'One word or phrase per line',
      help: 'Each line is searched for on its own, ignoring case.',
      required: 'Please enter text to redact.',
    }),
    // The page picks Black, Red, Blue, Green or a custom colour; the reference's clients send `redactColor`.
    colour: text({
      label: 'Box colour',
      widget: 'color',
      aliases: ['redactColor'],
      placeholder: '#000000',
      help: 'Black, red, blue, green, or any colour as hex.',
      default: '#000000',
    }),
    useRegex: checkbox({
      label: 'Use regex',
      help: 'Each line is a regular expression.',
      default: false,
    }),
    wholeWordSearch: checkbox({
      label: 'Whole word search',
      help: 'Match whole words only, not parts of longer words.',
      default: false,
    }),
    // The page's extraPadding; the reference's clients send customPadding.
    extraPadding: number({
      label: 'Extra padding',
      aliases: ['customPadding'],
      help: 'Points added to the box above and below the text.',
      default: 0.1,
      min: 0,
      step: 0.01,
      invalid: notInSpec('Extra padding must be a number, 0 or more.', 'the spec gives the input (numeric, step 0.01, minimum 0), not a message'),
    }),
    // Reference clients send it; the page does not.
    convertPDFToImage: checkbox({
      label: 'Convert PDF to image',
      help: 'Replace every page by a picture of itself, so no text is left at all.',
      default: false,
      apiOnly: true,
    }),
  },

  action: { label: 'Redact PDF', busyLabel: 'Processing...' },
  result: {
    kind: 'pdf',
    view: 'redaction-summary',
    // What the redaction summary shows beyond the pages' text (web/src/result-views/); a header is left out when empty.
    headers: {
      'X-Redaction-Cleared': 'Places besides the pages a term was taken out of, e.g. `bookmarks, form-fields`.',
      'X-Redaction-Dropped-Files': 'Embedded files dropped, each name percent-encoded (UTF-8), e.g. `notes.txt, r%C3%A9sum%C3%A9.pdf`.',
      'X-Redaction-Not-Cleared': 'Places a term is still found in, e.g. `other-streams`.',
    },
  },
  download: { api: '{base}_redacted.pdf', browser: '{base}_redacted.pdf', fallback: 'redacted.pdf' },
  toast: { success: 'Redaction completed successfully!' },
});
