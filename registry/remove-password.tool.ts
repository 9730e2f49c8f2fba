import { defineTool, notInSpec, singlePdfInput, text } from './kit';

/**
 * Remove PDF Password: opens a PDF with its password and writes it without any
 * encryption (reference §5.2). The runner opens the upload with `password`; a
 * wrong or missing one is the reference's 400 password problem, and a PDF with
 * only an owner password opens without one.
 */
export const removePasswordTool = defineTool({
  id: 'remove-password',
  category: 'security',
  structural: true,
  title: 'Remove PDF Password',
  subtitle: 'Unlock a PDF you have the password for.',
  endpoint: '/api/v1/security/remove-password',

  input: { ...singlePdfInput(), passwordField: 'password' },

  fields: {
    password: text({ label: 'Password', secret: true, help: 'The password that opens the PDF. Leave it blank if it opens without one.' }),
  },

  action: { label: 'Remove Password', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  // The spec names no download for this page; the reference's name serves both.
  download: { api: '{base}_password_removed.pdf', browser: '{base}_password_removed.pdf' },
  toast: { success: notInSpec('Password removed successfully!', 'the spec lists no success toast for this page') },
});
