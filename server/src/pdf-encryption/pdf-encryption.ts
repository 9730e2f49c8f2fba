import { randomBytes } from 'node:crypto';
import { encrypt, PasswordNotEncodableError, type EncryptionCipher, type EncryptionPermissions } from '../engines/qpdf/qpdf-encryption';
import type { EngineOptions } from '../engines/process';
import { InvalidInputError } from '../refusals/input-errors';
import type { Workspace } from '../workspace/workspace';

/**
 * Protecting a PDF as the reference's add-password does (reference §5.1), shared
 * by Add Password Protection and Change PDF Permissions: passwords, a key length,
 * and eight "prevent" flags, under the reference's names.
 */

/** The restrictions a reader opening with the user password gets. */
export interface Restrictions {
  preventAssembly: boolean;
  preventExtractContent: boolean;
  preventExtractForAccessibility: boolean;
  preventFillInForm: boolean;
  preventModify: boolean;
  preventModifyAnnotations: boolean;
  preventPrinting: boolean;
  preventPrintingFaithful: boolean;
}

/** The reference's key lengths: 40 is RC4, 128 AES-128, 256 AES-256. */
export type KeyLength = 40 | 128 | 256;

export interface Protection {
  /** Needed to open the document; '' lets anyone open it (restrictions only). */
  userPassword: string;
  /** Lifts the restrictions; '' gives a random one nobody learns. */
  ownerPassword: string;
  keyLength: KeyLength;
  restrictions: Restrictions;
}

/** Writes `output` as `input` protected; the input must open without a password. */
export async function protectPdf(input: string, output: string, protection: Protection, job: { workspace: Workspace; engine: EngineOptions }): Promise<void> {
  const { userPassword, restrictions } = protection;
  if ([userPassword, protection.ownerPassword].some((password) => /[\r\n]/.test(password))) {
    throw new InvalidInputError('Passwords cannot contain line breaks.');
  }
  // The reference (PDFBox) falls back to the user password, and with neither an empty
  // one: whoever opens the file then holds the owner's rights and every restriction is
  // void. A random owner password keeps them (docs/compatibility.md).
  const ownerPassword = protection.ownerPassword || randomBytes(24).toString('base64url');
  const cipher = cipherFor(protection.keyLength, restrictions);
  try {
    await encrypt(input, output, { userPassword, ownerPassword, cipher, allow: permissionsOf(restrictions) }, job.workspace.newPath('.json'), job.engine);
  } catch (error) {
    if (error instanceof PasswordNotEncodableError) {
      throw new InvalidInputError(
        'The password has characters that 40-bit and 128-bit encryption cannot store; choose 256-bit encryption or other characters.',
      );
    }
    throw error;
  }
}

/**
 * 40-bit RC4 is revision 2, which has no bits for assembly, forms, accessibility
 * or high-quality printing. The reference (PDFBox) then writes revision 3 with
 * a 40-bit key, which qpdf cannot; the 128-bit RC4 key of revision 3 opens in
 * every reader that reads revision 3 (both came with PDF 1.4) and carries all
 * eight restrictions.
 */
function cipherFor(keyLength: KeyLength, restrictions: Restrictions): EncryptionCipher {
  if (keyLength === 256) return 'aes-256';
  if (keyLength === 128) return 'aes-128';
  const needsRevision3 =
    restrictions.preventAssembly ||
    restrictions.preventFillInForm ||
    restrictions.preventExtractForAccessibility ||
    (restrictions.preventPrintingFaithful && !restrictions.preventPrinting);
  return needsRevision3 ? 'rc4-128' : 'rc4-40';
}

function permissionsOf(restrictions: Restrictions): EncryptionPermissions {
  return {
    print: restrictions.preventPrinting ? 'none' : restrictions.preventPrintingFaithful ? 'low' : 'full',
    modifyOther: !restrictions.preventModify,
    annotate: !restrictions.preventModifyAnnotations,
    fillForms: !restrictions.preventFillInForm,
    assemble: !restrictions.preventAssembly,
    extract: !restrictions.preventExtractContent,
    accessibility: !restrictions.preventExtractForAccessibility,
  };
}
