import { defineTool, notInSpec, pages, singlePdfInput } from './kit';

/**
 * PDF to Excel: the tables on the chosen pages, found as PDF to CSV finds them,
 * each on a sheet of one workbook named `Page <n>` (the page's only table) or
 * `Page <n> Table <k>`; cells as text. No table → 204 (reference-beyond §7.6).
 */
export const pdfToXlsxTool = defineTool({
  id: 'pdf-to-xlsx',
  category: 'convert-from',
  title: 'PDF to Excel',
  subtitle: 'Pull tables out into an Excel workbook.',
  endpoint: '/api/v1/convert/pdf/xlsx',

  input: singlePdfInput(),

  fields: {
    pageNumbers: pages({
      label: 'Pages',
      placeholder: 'e.g. all or 1,3,5-7',
      help: 'Pages to look for tables on: all, numbers, ranges like 5-7 or patterns like 2n.',
      // The reference scans page 1 when the field is absent, against its own schema's `all` (§7.6's compat note).
      default: 'all',
    }),
  },

  action: { label: 'Convert to Excel', busyLabel: 'Converting...' },
  result: {
    kind: 'download',
    apiContentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    noContentWhen: 'no table on the chosen pages',
  },
  download: { api: '{base}.xlsx', browser: '{base}.xlsx', fallback: 'converted.xlsx' },
  toast: { success: notInSpec('PDF converted to Excel successfully!', 'reference-beyond §7.6') },
});
