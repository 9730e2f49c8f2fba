import { defineTool, notInSpec, singlePdfInput, text } from './kit';

/** Where the messages come from. */
const REFERENCE = 'reference-beyond §8.5';

/** The reference's message for a value that is not a JSON array (it answers 500; here a 400). */
const NOT_AN_ARRAY = notInSpec('comments must be a JSON array of CommentSpec objects', `${REFERENCE} (the reference answers 500)`);

/** Comments one request may hold: each is an annotation object, and a real review has tens. */
export const MAX_COMMENTS = 5000;
const TOO_MANY = notInSpec(`At most ${MAX_COMMENTS} comments can be added at once.`, `${REFERENCE} (no limit there)`);

/** Whether the value is a JSON array of objects (what the reference's CommentSpec list binds), else the message. */
function checkComments(json: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return NOT_AN_ARRAY;
  }
  if (!Array.isArray(parsed) || parsed.some((item) => item === null || typeof item !== 'object' || Array.isArray(item))) return NOT_AN_ARRAY;
  return parsed.length > MAX_COMMENTS ? TOO_MANY : undefined;
}

/**
 * Add Comments: puts sticky-note comments on a PDF's pages from a JSON list,
 * each at given coordinates or beside the first line holding a given text
 * (reference-beyond §8.5). Only API clients and pipelines call it; the page
 * for annotating comes with the page workspace.
 */
export const addCommentsTool = defineTool({
  id: 'add-comments',
  category: 'edit',
  title: notInSpec('Add Comments', REFERENCE),
  subtitle: notInSpec('Put sticky-note comments on the pages of a PDF.', REFERENCE),
  endpoint: '/api/v1/misc/add-comments',
  apiOnly: true,
  structural: true,

  input: singlePdfInput(),

  fields: {
    comments: text({
      label: notInSpec('Comments', REFERENCE),
      help: notInSpec(
        'JSON array of comments, e.g. [{"pageIndex": 0, "x": 72, "y": 700, "width": 20, "height": 20, "text": "Check this", "anchorText": "Total"}]: page from 0, points from the lower-left corner.',
        REFERENCE,
      ),
      multiline: true,
      required: notInSpec('comments JSON is required', `${REFERENCE} (the reference answers 500)`),
      check: checkComments,
      example: '[{"pageIndex": 0, "x": 72, "y": 72, "width": 20, "height": 20, "text": "Note"}]',
    }),
  },

  action: { label: notInSpec('Add Comments', REFERENCE), busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: {
    api: '{base}_commented.pdf',
    browser: '{base}_commented.pdf',
    fallback: 'document_commented.pdf',
    label: notInSpec('Download PDF', REFERENCE),
  },
  toast: { success: notInSpec('Comments added successfully!', REFERENCE) },
});
