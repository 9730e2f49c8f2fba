import { defineTool, notInSpec, number } from './kit';

/** Rotate PDF: turns every page of each uploaded PDF by the same angle. */
export const rotateTool = defineTool({
  id: 'rotate',
  category: 'organize',
  structural: true,
  title: 'Rotate PDF',
  subtitle: 'Turn every page by 90, 180 or 270 degrees.',
  endpoint: '/api/v1/general/rotate-pdf',

  input: {
    accept: ['pdf'],
    multiple: true,
    messages: { missing: 'Please upload a PDF file.', wrongType: 'Please upload PDF files only.' },
  },

  fields: {
    angle: number({
      label: 'Angle',
      // The page offers three angles; API clients may send any multiple of 90 (reference §3.8).
      choices: [
        { value: 90, label: '90° clockwise' },
        { value: 180, label: '180°' },
        { value: 270, label: '270° (90° anticlockwise)' },
      ],
      default: 90,
      integer: true,
      multipleOf: 90,
      invalid: notInSpec('Angle must be a multiple of 90', 'reference §1.7 and §3.8: the detail Stirling answers for a bad angle'),
    }),
  },

  action: { label: 'Rotate PDF', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_rotated.pdf', browser: 'rotated.pdf' },
  toast: { success: 'PDF rotated successfully!' },
});
