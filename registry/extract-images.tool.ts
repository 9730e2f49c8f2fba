import { checkbox, defineTool, notInSpec, select, singlePdfInput } from './kit';

/**
 * Extract Images: every image the pages draw (nested forms, inline images,
 * annotations and patterns included), masks applied, as PNG, JPG or GIF files
 * in a ZIP; one copy of each unless duplicates are asked for (reference §6.8).
 */
export const extractImagesTool = defineTool({
  id: 'extract-images',
  category: 'edit',
  title: 'Extract Images',
  subtitle: 'Save every embedded image.',
  endpoint: '/api/v1/misc/extract-images',

  input: singlePdfInput(),

  fields: {
    format: select({
      label: 'Image format',
      // The page sends png, jpg or gif; the reference's clients send ImageIO's names, jpeg among them.
      options: [
        { value: 'png', label: 'PNG' },
        { value: 'jpg', label: 'JPG', aliases: ['jpeg'] },
        { value: 'gif', label: 'GIF' },
      ],
      caseInsensitive: true,
      default: 'png',
      invalid: notInSpec('Image format must be png, jpg or gif.', 'extract-images `format`, a select the page cannot get wrong'),
    }),
    allowDuplicates: checkbox({
      label: 'Allow duplicates',
      help: 'Save an image once for every page that uses it, and identical images each time.',
      default: false,
    }),
  },

  action: { label: 'Extract Images', busyLabel: 'Extracting...' },
  result: {
    kind: 'zip',
    // The reference answers an empty ZIP (§6.8), and clients expect one; the page says why it is empty.
    outcomes: { 'no-images': { when: 'the PDF has no images to save', notice: 'No images found in this PDF.', nothingToKeep: true } },
  },
  download: { api: '{base}_extracted-images.zip', browser: '{base}_extracted_images.zip', fallback: 'extracted_images.zip' },
  toast: { success: 'Images extracted successfully!' },
});
