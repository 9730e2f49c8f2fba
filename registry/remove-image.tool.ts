import { defineTool, singlePdfInput } from './kit';

/**
 * Remove Image: takes every image out of the pages (image objects, inline
 * images, images inside forms), keeping text and drawings as they are
 * (reference §3.15).
 */
export const removeImageTool = defineTool({
  id: 'remove-image',
  category: 'edit',
  title: 'Remove Image',
  subtitle: 'Strip images, keep the text.',
  endpoint: '/api/v1/general/remove-image-pdf',

  input: singlePdfInput(),

  fields: {},

  action: { label: 'Remove Images', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_images_removed.pdf', browser: '{base}_no_images.pdf', fallback: 'no_images.pdf' },
  toast: { success: 'Images removed successfully!' },
});
