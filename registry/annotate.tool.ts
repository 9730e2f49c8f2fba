import { checkbox, defineTool, notInSpec, pageItems, singlePdfInput } from './kit';

const WHY = 'issue 34';

/**
 * Add Text and Annotate: text boxes, shapes, lines and arrows, free-hand ink,
 * highlight, underline and strike-out, sticky notes and pictures placed on the
 * pages, written as real PDF annotations other readers show and edit, or
 * drawn into the pages (`flatten`).
 */
export const annotateTool = defineTool({
  id: 'annotate',
  category: 'edit',
  title: notInSpec('Add Text and Annotate', WHY),
  subtitle: notInSpec('Add text, shapes, highlights, drawings and notes to the pages.', WHY),
  endpoint: '/api/v1/misc/annotate',

  input: singlePdfInput(),

  fields: {
    items: pageItems({
      label: notInSpec('Annotations', WHY),
      kinds: ['text', 'rectangle', 'ellipse', 'line', 'arrow', 'ink', 'highlight', 'underline', 'strikeout', 'note', 'image'],
      required: notInSpec('Add something to a page first.', WHY),
      help: notInSpec('Pick a tool above the pages, then drag or click on a page; choose an item to change its text, colour or size.', WHY),
      example: '[{"kind":"text","text":"Approved","page":1,"x":72,"y":72,"width":200,"height":30}]',
    }),
    flatten: checkbox({
      label: notInSpec('Flatten into the page', WHY),
      help: notInSpec('Draw everything into the pages instead of adding annotations other readers can edit.', WHY),
      default: false,
    }),
  },

  action: { label: notInSpec('Annotate', WHY), busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_annotated.pdf', browser: '{base}_annotated.pdf', fallback: 'annotated.pdf' },
  toast: { success: notInSpec('Annotations added successfully!', WHY) },
});
