import { defineTool, notInSpec, pages, singlePdfInput, text } from './kit';

const REFERENCE = 'reference-beyond §2 (filters)';

/**
 * Filter by Text: the PDF passes, unchanged, when the text of one of the
 * chosen pages contains `text` (literally, case and all); otherwise the answer
 * is 204 and a pipeline drops the file. For API clients and pipelines only.
 */
export const filterContainsTextTool = defineTool({
  id: 'filter-contains-text',
  category: 'advanced',
  apiOnly: true,
  title: 'Filter by Text',
  subtitle: 'Keep a PDF only when the chosen pages contain a text.',
  endpoint: '/api/v1/filter/filter-contains-text',

  input: singlePdfInput(),

  fields: {
    text: text({
      label: 'Text',
      help: 'Matched exactly as typed, capitals included, within one line of a page’s text.',
      required: notInSpec('Please enter the text to look for.', `${REFERENCE}: absent text is a 500 there`),
      maxLength: 1000,
      invalid: notInSpec('The text to look for is too long (at most 1000 characters).', 'a limit of ours'),
    }),
    pageNumbers: pages({
      label: 'Pages',
      placeholder: 'e.g. all or 1,3,5-7',
      help: 'Pages to look on: all, numbers, ranges like 5-7 or patterns like 2n.',
      // The reference fails (500) without pages; every page is what a caller means then.
      default: 'all',
    }),
  },

  action: { label: 'Filter', busyLabel: 'Processing...' },
  result: { kind: 'pdf', noContentWhen: 'no chosen page contains the text (the file does not pass)' },
  // The reference answers a passing file under its own name (re-saved; here as it came).
  download: { api: '{name}', browser: '{name}', fallback: 'filtered.pdf' },
  toast: { success: notInSpec('The PDF passed the filter.', REFERENCE) },
});
