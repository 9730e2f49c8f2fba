import {
  alphabetField,
  defineTool,
  file,
  markColourField,
  markPositionField,
  markTypeField,
  notInSpec,
  number,
  pages,
  select,
  singlePdfInput,
  text,
} from './kit';

/** Where the numbers and messages the spec leaves out come from. */
const REFERENCE = 'reference §6.1 (add-stamp): the option exists in the API; the spec gives no message for a bad value';

/**
 * Add Stamp: text (shaped for Latin, Arabic, CJK and Thai, with placeholders
 * such as @page_number) or an image drawn on the chosen pages, at one of nine
 * positions or at given coordinates, turned and see-through as asked. Each
 * page gets one more content stream; nothing is re-rendered.
 */
export const addStampTool = defineTool({
  id: 'add-stamp',
  category: 'security',
  title: 'Add Stamp',
  subtitle: 'Stamp text or an image on pages.',
  endpoint: '/api/v1/misc/add-stamp',

  input: singlePdfInput(),

  fields: {
    pageNumbers: pages({
      label: 'Pages',
      help: 'Page numbers, ranges or functions of n: 1,3,5-7 or 2n+1.',
      placeholder: '1',
      default: '1',
    }),
    customMargin: select({
      label: 'Margin',
      options: [
        { value: 'none', label: 'None' },
        { value: 'small', label: 'Small' },
        { value: 'medium', label: 'Medium' },
        { value: 'large', label: 'Large' },
        // The reference's fourth size; the spec's page offers the other four.
        { value: 'x-large', label: 'Extra large' },
      ],
      caseInsensitive: true,
      default: 'medium',
    }),
    // The reference's grid as its code has it (§6.1).
    position: markPositionField(),
    stampType: markTypeField('Stamp type'),
    stampText: text({
      label: 'Stamp text',
      help: 'Placeholders: @page_number, @total_pages, @date, @time, @datetime, @date{dd/MM/yyyy}, @filename, @title, @author, @uuid; @@ for @. \\n starts a new line.',
      placeholder: 'Approved @date',
      visibleWhen: { stampType: ['text'] },
      required: 'Please enter stamp text.',
      maxLength: 2000,
      invalid: notInSpec('Stamp text may be at most 2000 characters.', 'a limit of ours: the reference takes any length'),
    }),
    stampImage: file({
      label: 'Stamp image',
      accept: ['png', 'jpeg'],
      visibleWhen: { stampType: ['image'] },
      required: 'Please upload a stamp image.',
    }),
    alphabet: alphabetField({ stampType: ['text'] }),
    fontSize: number({
      label: 'Size',
      help: 'Text size in points; for an image, its height.',
      default: 30,
      greaterThan: 0,
      max: 1000,
      inputMin: 1,
      invalid: notInSpec('Size must be greater than 0 and at most 1000.', REFERENCE),
    }),
    rotation: number({
      label: 'Rotation',
      help: 'Degrees, anticlockwise.',
      default: 0,
      invalid: notInSpec('Rotation must be a number of degrees.', REFERENCE),
    }),
    opacity: number({
      label: 'Opacity',
      help: '0 is invisible, 1 fully opaque.',
      default: 0.5,
      min: 0,
      max: 1,
      step: 0.05,
      invalid: notInSpec('Opacity must be between 0 and 1.', REFERENCE),
    }),
    overrideX: number({
      label: 'Override X',
      help: 'With Override Y, both 0 or more: where the stamp starts, in points from the left edge (text: its first baseline; image: its lower-left corner). -1 keeps the position.',
      default: -1,
      invalid: notInSpec('Override X must be a number.', REFERENCE),
    }),
    overrideY: number({
      label: 'Override Y',
      help: 'Points from the bottom edge; -1 keeps the position.',
      default: -1,
      invalid: notInSpec('Override Y must be a number.', REFERENCE),
    }),
    customColor: markColourField({ stampType: ['text'] }, REFERENCE),
  },

  action: { label: 'Add Stamp', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_stamped.pdf', browser: '{base}_stamped.pdf', fallback: 'stamped.pdf' },
  toast: { success: 'Stamp added successfully!' },
});
