import type { QpdfEncryption } from '../engines/qpdf/qpdf-objects';
import { asDict, numberOf, type PdfObjects } from './pdf-objects';

/** The encryption dictionary (trailer /Encrypt), when the file has one. */
export function encryptDictionary(pdf: PdfObjects): Record<string, unknown> | undefined {
  return pdf.dict(asDict(pdf.objects.trailer?.value)?.['/Encrypt']);
}

/** The key length in bits the encryption dictionary states: /Length, or PDFBox's 40 when it has none. */
export function statedKeyLength(pdf: PdfObjects): number {
  return numberOf(pdf.resolve(encryptDictionary(pdf)?.['/Length'])) ?? 40;
}

/** What a reader may do with an encrypted file, each by its bit of /P (PDF 32000 Table 22). */
export const PERMISSION_BITS = {
  print: 3,
  modify: 4,
  extractContent: 5,
  modifyAnnotations: 6,
  fillInForm: 9,
  extractForAccessibility: 10,
  assemble: 11,
} as const;

export type Permission = keyof typeof PERMISSION_BITS;

/**
 * Which permissions a reader opening the file without a password has, as
 * PDFBox grants them: all of them for an unencrypted file or one the empty
 * password opens as its owner; otherwise the bits of /P.
 */
export function permissionsWithoutPassword(encryption: QpdfEncryption): Record<Permission, boolean> {
  const everything = !encryption.encrypted || encryption.ownerpasswordmatched;
  const p = encryption.parameters?.P ?? -1;
  const entries = Object.entries(PERMISSION_BITS).map(([permission, bit]) => [permission, everything || ((p >> (bit - 1)) & 1) === 1]);
  return Object.fromEntries(entries) as Record<Permission, boolean>;
}
