import { checkbox, defineTool, singlePdfInput } from './kit';

/**
 * Labels of the eight restriction checkboxes, the same on Add Password
 * Protection, in the spec's order (§3).
 */
export const RESTRICTION_LABELS = {
  assembly: 'Prevent assembly of document',
  contentExtraction: 'Prevent content extraction',
  extractionAccessibility: 'Prevent extraction for accessibility',
  fillingForm: 'Prevent filling in forms',
  modification: 'Prevent modification',
  annotationModification: 'Prevent annotation modification',
  printing: 'Prevent printing',
  printingDifferentFormats: 'Prevent printing different formats',
} as const;

/** Help under two checkboxes, the same on both pages. */
export const RESTRICTION_HELP = {
  // AES formats cannot carry this bit (PDF 2.0 retired it; docs/compatibility.md).
  extractionAccessibility: 'AES-encrypted files always allow accessibility tools, as PDF 2.0 requires.',
  printingDifferentFormats: 'Printing is allowed at low resolution only.',
} as const;

/**
 * Change PDF Permissions: restriction flags set inside the PDF, with no password
 * to open it. The spec's page posts to the reference's add-password endpoint
 * without a password (spec §7), so this tool owns that endpoint and Add Password
 * Protection takes the requests that carry a password or a key length. A request
 * with only the reference's flag names lands here too and is answered as the
 * reference answers it (aliases, `{base}_permissions.pdf`).
 */
export const changePermissionsTool = defineTool({
  id: 'change-permissions',
  category: 'security',
  structural: true,
  title: 'Change PDF Permissions',
  subtitle: 'Restrict printing, copying and editing.',
  endpoint: '/api/v1/security/add-password',

  input: singlePdfInput(),

  // The spec's names (§3), which the page sends; the reference's (§5.1) as aliases.
  fields: {
    preventAssembly: checkbox({ label: RESTRICTION_LABELS.assembly, default: false }),
    preventContentExtraction: checkbox({ label: RESTRICTION_LABELS.contentExtraction, aliases: ['preventExtractContent'], default: false }),
    preventExtractionAccessibility: checkbox({
      label: RESTRICTION_LABELS.extractionAccessibility,
      help: RESTRICTION_HELP.extractionAccessibility,
      aliases: ['preventExtractForAccessibility'],
      default: false,
    }),
    preventFillingForm: checkbox({ label: RESTRICTION_LABELS.fillingForm, aliases: ['preventFillInForm'], default: false }),
    preventModification: checkbox({ label: RESTRICTION_LABELS.modification, aliases: ['preventModify'], default: false }),
    preventAnnotationModification: checkbox({ label: RESTRICTION_LABELS.annotationModification, aliases: ['preventModifyAnnotations'], default: false }),
    preventPrinting: checkbox({ label: RESTRICTION_LABELS.printing, default: false }),
    preventPrintingDifferentFormats: checkbox({
      label: RESTRICTION_LABELS.printingDifferentFormats,
      help: RESTRICTION_HELP.printingDifferentFormats,
      aliases: ['preventPrintingFaithful'],
      default: false,
    }),
  },

  action: { label: 'Change Permissions', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  // The API names it as the reference's add-password does without passwords; the page as the spec says (§9).
  download: { api: '{base}_permissions.pdf', browser: '{base}_permissions_changed.pdf' },
  toast: { success: 'Permissions changed successfully!' },
});
