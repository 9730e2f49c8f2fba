import { defineTool, notInSpec, pages, singlePdfInput, text } from './kit';

const WHY = 'reference-beyond §9.2';

/**
 * Redact Execute: text and patterns (as Auto Redact, ignoring case), ranges
 * from a start to an end string, boxes, every image of some pages and whole
 * pages are all removed from the file, not covered (the reference overlays
 * ranges, boxes and images: reference-beyond §9.2, §11.9); the terms are then
 * swept out of everything else the file carries. Only API clients and
 * pipelines call it.
 */
export const redactExecuteTool = defineTool({
  id: 'redact-execute',
  category: 'security',
  title: 'Redact Execute',
  subtitle: notInSpec('Remove text, patterns, ranges, boxes, images and pages in one pass.', WHY),
  endpoint: '/api/v1/security/redact-execute',
  apiOnly: true,

  input: singlePdfInput(),

  fields: {
    // Repeated fields arrive one per line; one value with commas is split, as Spring splits it.
    textValues: text({
      label: notInSpec('Text to redact', WHY),
      multiline: true,
      help: notInSpec('Words or phrases, repeated or separated by commas; case is ignored.', WHY),
    }),
    regexPatterns: text({
      label: notInSpec('Patterns to redact', WHY),
      multiline: true,
      help: notInSpec('Regular expressions, repeated or separated by commas; case is ignored.', WHY),
    }),
    wipePages: pages({
      label: notInSpec('Pages to wipe', WHY),
      help: notInSpec('Pages whose whole content is removed: 1,3,5-7.', WHY),
    }),
    ranges: text({
      label: notInSpec('Ranges', WHY),
      help: notInSpec('JSON list: [{"startString":"BEGIN","endString":"END"}]; a blank end runs to the end of the document.', WHY),
      example: '[{"startString":"BEGIN","endString":"END"}]',
    }),
    imageBoxes: text({
      label: notInSpec('Boxes', WHY),
      help: notInSpec('JSON list: [{"pageIndex":0,"x1":50,"y1":50,"x2":200,"y2":120}], pages from 0, PDF points from the lower-left corner.', WHY),
      example: '[{"pageIndex":0,"x1":50,"y1":50,"x2":200,"y2":120}]',
    }),
    redactImagePages: pages({
      label: notInSpec('Pages whose images go', WHY),
      help: notInSpec('Pages every image of which is removed: 1,3 or all.', WHY),
    }),
    style: text({
      label: notInSpec('Style', WHY),
      help: notInSpec('JSON: {"color":"#000000","padding":0,"convertToImage":false,"strategy":"AUTO"} (or OVERLAY_ONLY, IMAGE_FINALIZE).', WHY),
      example: '{"color":"#000000"}',
    }),
  },

  action: { label: notInSpec('Redact', WHY), busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_redacted.pdf', browser: '{base}_redacted.pdf', fallback: 'redacted.pdf' },
  toast: { success: 'Redaction completed successfully!' },
});
