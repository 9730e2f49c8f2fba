import { defineTool, pages, singlePdfInput } from './kit';

/**
 * PDF to CSV: finds the tables on the chosen pages (ruled grids, and beyond the
 * reference also borderless tables with aligned columns) and answers each as
 * CSV: one table as a CSV file, several as a ZIP, none as 204 (reference §4.10).
 */
export const pdfToCsvTool = defineTool({
  id: 'pdf-to-csv',
  category: 'convert-from',
  title: 'PDF to CSV',
  subtitle: 'Pull tables out as CSV.',
  endpoint: '/api/v1/convert/pdf/csv',

  input: singlePdfInput(),

  fields: {
    pageNumbers: pages({
      label: 'Pages',
      placeholder: 'e.g. all or 1,3,5-7',
      help: 'Pages to look for tables on: all, numbers, ranges like 5-7 or patterns like 2n.',
      // The reference scans page 1 when the field is absent, and API clients keep that;
      // on the page a visitor who chooses nothing means the whole document.
      default: '1',
      formDefault: 'all',
    }),
  },

  action: { label: 'Convert to CSV', busyLabel: 'Converting...' },
  // The spec's page counts any answer without text/csv as a failure.
  result: {
    kind: 'csv',
    contentTypes: ['text/csv'],
    noContentWhen: 'no table on the chosen pages',
    outcomes: {
      'several-tables': { when: 'several tables are found (one CSV each, named by page and position)', kind: 'zip', download: { api: '{base}_extracted.zip' } },
    },
  },
  download: { api: '{base}_extracted.csv', browser: '{base}.csv', fallback: 'converted.csv' },
  toast: { success: 'PDF converted to CSV successfully!' },
});
