import { defineTool, filterPagesField, notInSpec, PDF_FILTER_ANSWER, singlePdfInput, text } from './kit';

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
    pageNumbers: filterPagesField(),
  },

  result: { kind: 'pdf', noContentWhen: 'no chosen page contains the text (the file does not pass)' },
  ...PDF_FILTER_ANSWER,
});
