import { defineTool, notInSpec, select, singlePdfInput, text } from './kit';

/** Where the messages come from: the spec names the options but words no error. */
const REFERENCE = 'reference §6.6 (replace-invert-pdf): the spec gives no message for a bad value';

/** A colour as the reference reads it: `#RRGGBB`, or a 24-bit decimal number. */
const colourField = (label: string, fallback: string) =>
  text({
    label,
    widget: 'color',
    help: 'Hex colour, e.g. #1a1a1a.',
    placeholder: fallback,
    default: fallback,
    visibleWhen: { replaceAndInvertOption: ['CUSTOM_COLOR'] },
    // Spec §4: choosing another option puts the custom colours back to their defaults.
    resetWhenHidden: true,
    maxLength: 16,
    invalid: notInSpec(`${label} must be a colour such as #1a1a1a or a 24-bit number such as 16777215.`, REFERENCE),
  });

/**
 * Advanced Colour Options: pages in two colours for reading (high contrast, or
 * text and background colours of one's own), with text kept as text and
 * pictures kept as they are; every colour inverted, pictures too, text kept
 * as text (pages become pictures only where the content cannot be inverted
 * by its colours, and the answer says so); or (API) every colour converted
 * to CMYK for print.
 */
export const advancedColourTool = defineTool({
  id: 'advanced-colour',
  category: 'edit',
  title: 'Advanced Colour Options',
  subtitle: 'High contrast, custom colours or inversion.',
  endpoint: '/api/v1/misc/replace-invert-pdf',

  input: singlePdfInput(),

  fields: {
    replaceAndInvertOption: select({
      label: 'Colour option',
      options: [
        { value: 'HIGH_CONTRAST_COLOR', label: 'High contrast' },
        { value: 'CUSTOM_COLOR', label: 'Custom colours' },
        { value: 'FULL_INVERSION', label: 'Full inversion' },
        // The reference's fourth option; the spec's page offers the other three.
        { value: 'COLOR_SPACE_CONVERSION', label: 'Convert to CMYK (print)' },
      ],
      help: 'Full inversion inverts every colour, pictures included, and keeps text as text. A document with colour gradients, patterns, spot colours or blend modes cannot be inverted that way: its pages are then inverted as pictures, and their text can no longer be selected or searched.',
      // The reference answers 500 when the option is left out.
      default: 'HIGH_CONTRAST_COLOR',
      invalid: notInSpec('Colour option must be HIGH_CONTRAST_COLOR, CUSTOM_COLOR, FULL_INVERSION or COLOR_SPACE_CONVERSION.', REFERENCE),
    }),
    highContrastColorCombination: select({
      label: 'Combination',
      options: [
        { value: 'WHITE_TEXT_ON_BLACK', label: 'White text on black' },
        { value: 'BLACK_TEXT_ON_WHITE', label: 'Black text on white' },
        { value: 'YELLOW_TEXT_ON_BLACK', label: 'Yellow text on black' },
        { value: 'GREEN_TEXT_ON_BLACK', label: 'Green text on black' },
      ],
      default: 'WHITE_TEXT_ON_BLACK',
      visibleWhen: { replaceAndInvertOption: ['HIGH_CONTRAST_COLOR'] },
      // Spec §4: choosing another option puts the combination back to white text on black.
      resetWhenHidden: true,
      invalid: notInSpec('Combination must be WHITE_TEXT_ON_BLACK, BLACK_TEXT_ON_WHITE, YELLOW_TEXT_ON_BLACK or GREEN_TEXT_ON_BLACK.', REFERENCE),
    }),
    textColor: colourField('Text colour', '#000000'),
    backGroundColor: colourField('Background colour', '#ffffff'),
  },

  action: { label: 'Process PDF', busyLabel: 'Processing...' },
  result: {
    kind: 'pdf',
    headers: {
      'X-Colour-Inversion':
        'With full inversion: `content` when every colour was inverted in the page content (text kept as text), or `pictures` when the document holds content whose inverse is no colour change and its pages were inverted as pictures (no text left).',
      'X-Colour-Inversion-Reason': 'With `pictures`: what the document holds that made it so, in a sentence.',
    },
  },
  download: { api: '{base}_inverted.pdf', browser: '{base}_processed.pdf', fallback: 'processed.pdf' },
  toast: { success: 'PDF processed successfully!' },
});
