import { defineTool, singlePdfInput } from './kit';

/**
 * Unlock PDF Forms: makes every form field editable (reference §6.11): the
 * read-only flag cleared on every field, inherited ones included, field locks
 * and signing restrictions removed, viewers asked to redraw the fields. Values
 * are kept.
 */
export const unlockFormsTool = defineTool({
  id: 'unlock-forms',
  category: 'edit',
  structural: true,
  title: 'Unlock PDF Forms',
  subtitle: 'Make read-only form fields editable.',
  endpoint: '/api/v1/misc/unlock-pdf-forms',

  input: singlePdfInput(),

  fields: {},

  action: { label: 'Unlock Forms', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_unlocked_forms.pdf', browser: '{base}_unlocked.pdf', fallback: 'unlocked.pdf' },
  toast: { success: 'PDF forms unlocked successfully!' },
});
