import { checkbox, defineTool, notInSpec, select, singlePdfInput, text } from './kit';
import { RESTRICTION_HELP, RESTRICTION_LABELS } from './change-permissions.tool';

/**
 * Add Password Protection: encrypts a PDF with a password to open it, an owner
 * password that lifts its restrictions, and eight restriction flags (reference
 * §5.1; the spec leaves this page's fields to it). Shares the endpoint with
 * Change PDF Permissions, which owns it: requests with a password or a key
 * length come here.
 */
export const addPasswordTool = defineTool({
  id: 'add-password',
  category: 'security',
  structural: true,
  title: 'Add Password Protection',
  subtitle: 'Encrypt a PDF with a password.',
  endpoint: '/api/v1/security/add-password',
  sharesEndpoint: { whenAnyField: ['password', 'ownerPassword', 'keyLength'] },

  input: singlePdfInput(),

  fields: {
    // Blank is '' rather than absent, so the result variant below can name it.
    password: text({ label: 'Password', secret: true, help: 'Needed to open the PDF. Leave it blank to set restrictions only.', default: '' }),
    ownerPassword: text({
      secret: true,
      label: 'Owner password',
      help: 'Lifts the restrictions below. Left blank, a random one nobody knows is used.',
      default: '',
    }),
    keyLength: select({
      label: 'Encryption',
      options: [
        { value: 256, label: 'AES 256-bit' },
        { value: 128, label: 'AES 128-bit' },
        { value: 40, label: 'RC4 40-bit (very old readers only)' },
      ],
      default: 256,
      invalid: notInSpec('Key length must be 40, 128 or 256.', "the reference's three values (§5.1); the spec leaves this page to the reference"),
    }),
    // The reference's names (§5.1); the spec's, as Change PDF Permissions sends them, as aliases.
    preventAssembly: checkbox({ label: RESTRICTION_LABELS.assembly, default: false }),
    preventExtractContent: checkbox({ label: RESTRICTION_LABELS.contentExtraction, aliases: ['preventContentExtraction'], default: false }),
    preventExtractForAccessibility: checkbox({
      label: RESTRICTION_LABELS.extractionAccessibility,
      help: `${RESTRICTION_HELP.extractionAccessibility} RC4 40-bit keeps this restriction.`,
      aliases: ['preventExtractionAccessibility'],
      default: false,
    }),
    preventFillInForm: checkbox({ label: RESTRICTION_LABELS.fillingForm, aliases: ['preventFillingForm'], default: false }),
    preventModify: checkbox({ label: RESTRICTION_LABELS.modification, aliases: ['preventModification'], default: false }),
    preventModifyAnnotations: checkbox({ label: RESTRICTION_LABELS.annotationModification, aliases: ['preventAnnotationModification'], default: false }),
    preventPrinting: checkbox({ label: RESTRICTION_LABELS.printing, default: false }),
    preventPrintingFaithful: checkbox({
      label: RESTRICTION_LABELS.printingDifferentFormats,
      help: RESTRICTION_HELP.printingDifferentFormats,
      aliases: ['preventPrintingDifferentFormats'],
      default: false,
    }),
  },

  action: { label: 'Add Password', busyLabel: 'Processing...' },
  result: {
    kind: 'pdf',
    // Neither password: restrictions only, named as the reference names it.
    variants: [{ when: { password: [''], ownerPassword: [''] }, download: { api: '{base}_permissions.pdf', browser: '{base}_permissions.pdf' } }],
  },
  // The spec names no download for this page; the reference's name serves both.
  download: { api: '{base}_passworded.pdf', browser: '{base}_passworded.pdf' },
  toast: { success: notInSpec('Password added successfully!', 'the spec lists no success toast for this page') },
});
