import { defineTool, notInSpec, pages, select } from './kit';

/**
 * Organise: puts the pages of each uploaded PDF in a new order, picked by mode
 * (reference §3.4). Extract Pages posts to the same endpoint with its own fields.
 */
export const organiseTool = defineTool({
  id: 'organise',
  category: 'organize',
  structural: true,
  title: 'Organise',
  subtitle: 'Reorder, reverse, duplicate or booklet-sort pages.',
  endpoint: '/api/v1/general/rearrange-pages',

  input: {
    accept: ['pdf'],
    multiple: true,
    messages: {
      missing: 'Please upload at least one PDF file.',
      wrongType: 'Please upload PDF files only.',
      dropWrongType: 'Please drop PDF files only.',
    },
  },

  fields: {
    customMode: select({
      label: 'Mode',
      // Spec order and labels. The reference reads any case, and a blank mode as CUSTOM.
      options: [
        { value: 'CUSTOM', label: 'Custom Page Order' },
        { value: 'REVERSE_ORDER', label: 'Reverse Order' },
        { value: 'DUPLEX_SORT', label: 'Duplex Sort' },
        { value: 'BOOKLET_SORT', label: 'Booklet Sort' },
        { value: 'SIDE_STITCH_BOOKLET_SORT', label: 'Side Stitch Booklet Sort' },
        { value: 'ODD_EVEN_SPLIT', label: 'Odd-Even Split' },
        { value: 'ODD_EVEN_MERGE', label: 'Odd-Even Merge' },
        { value: 'DUPLICATE', label: 'Duplicate all pages' },
        { value: 'REMOVE_FIRST', label: 'Remove First' },
        { value: 'REMOVE_LAST', label: 'Remove Last' },
        { value: 'REMOVE_FIRST_AND_LAST', label: 'Remove First and Last' },
      ],
      default: 'CUSTOM',
      caseInsensitive: true,
      invalid: notInSpec(
        'customMode must be one of CUSTOM, REVERSE_ORDER, DUPLEX_SORT, BOOKLET_SORT, SIDE_STITCH_BOOKLET_SORT, ODD_EVEN_SPLIT, ODD_EVEN_MERGE, DUPLICATE, REMOVE_FIRST, REMOVE_LAST or REMOVE_FIRST_AND_LAST.',
        'organise `customMode`, a select the page cannot get wrong',
      ),
    }),
    // One field, two meanings (reference §3.4): the new order for CUSTOM, the number of copies for DUPLICATE.
    pageNumbers: pages({
      label: 'Page Order',
      placeholder: 'e.g. 1,3,5-7,2',
      help: 'Custom Page Order: the pages in their new order, e.g. 3,1,2,4-6; pages left out are dropped. Duplicate all pages: how many copies of each page, e.g. 2.',
      visibleWhen: { customMode: ['CUSTOM', 'DUPLICATE'] },
      required: 'Please enter a page order.',
      // A blank copy count means 2 (reference §3.4).
      requiredWhen: { customMode: ['CUSTOM'] },
      order: { customMode: ['CUSTOM'] },
    }),
  },

  action: { label: 'Rearrange PDF', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_rearranged.pdf', browser: 'rearranged.pdf', label: 'Download Rearranged PDF' },
  toast: { success: 'PDF rearranged successfully!' },
});
