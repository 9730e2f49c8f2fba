import type { QpdfEncryption } from '../../engines/qpdf/qpdf-objects';
import { asDict, textOf, type PdfObjects } from '../../pdf-objects/pdf-objects';
import { formFields } from '../../pdf-signatures/signature-fields';
import { infoDate, nameOf, numberOf } from './info-values';

/** The document's Info dictionary, resolved; empty when it has none. */
export function infoDictionary(pdf: PdfObjects): Record<string, unknown> {
  return pdf.dict(asDict(pdf.objects.trailer?.value)?.['/Info']) ?? {};
}

const STANDARD_TEXT_KEYS = ['Title', 'Author', 'Subject', 'Keywords', 'Producer', 'Creator'] as const;
/** Info keys reported elsewhere or as dates, not among the custom ones. */
const NOT_CUSTOM = new Set([...STANDARD_TEXT_KEYS, 'CreationDate', 'ModDate', 'Trapped']);

/**
 * Metadata: the Info dictionary's text entries that exist, then the dates as
 * "yyyy-MM-dd HH:mm:ss" (server time), then any custom entry, as text.
 */
export function metadataSection(pdf: PdfObjects): Record<string, string> {
  const info = infoDictionary(pdf);
  const metadata: Record<string, string> = {};
  for (const key of STANDARD_TEXT_KEYS) {
    const text = textOf(pdf.resolve(info[`/${key}`]));
    if (text !== undefined) metadata[key] = text;
  }
  const created = infoDate(pdf.resolve(info['/CreationDate']));
  if (created !== undefined) metadata.CreationDate = created;
  const modified = infoDate(pdf.resolve(info['/ModDate']));
  if (modified !== undefined) metadata.ModificationDate = modified;
  for (const [key, raw] of Object.entries(info)) {
    const name = key.slice(1);
    if (NOT_CUSTOM.has(name)) continue;
    const value = pdf.resolve(raw);
    const text = textOf(value) ?? nameOf(value) ?? (typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined);
    if (text !== undefined) metadata[name] = text;
  }
  return metadata;
}

/** PDFBox's names for /PageMode values. */
const PAGE_MODES: Record<string, string> = {
  '/UseNone': 'USE_NONE',
  '/UseOutlines': 'USE_OUTLINES',
  '/UseThumbs': 'USE_THUMBS',
  '/FullScreen': 'FULL_SCREEN',
  '/UseOC': 'USE_OPTIONAL_CONTENT',
  '/UseAttachments': 'USE_ATTACHMENTS',
};

/**
 * DocumentInfo: the version (the header's, or the catalog's /Version where that
 * is later, as PDFBox reads it), /Trapped, and the page mode.
 */
export function documentInfoSection(pdf: PdfObjects, headerVersion: string): Record<string, unknown> {
  const catalog = pdf.catalog ?? {};
  const header = Number(headerVersion);
  const declared = Number(nameOf(pdf.resolve(catalog['/Version'])));
  const version = Number.isFinite(declared) && declared > (Number.isFinite(header) ? header : 0) ? declared : Number.isFinite(header) ? header : 1.4;
  const mode = pdf.resolve(catalog['/PageMode']);
  return {
    'PDF version': version,
    Trapped: nameOf(pdf.resolve(infoDictionary(pdf)['/Trapped'])) ?? null,
    'Page Mode': (typeof mode === 'string' && PAGE_MODES[mode]) || 'USE_NONE',
  };
}

/** The encryption dictionary (trailer /Encrypt), when the file has one. */
function encryptDictionary(pdf: PdfObjects): Record<string, unknown> | undefined {
  return pdf.dict(asDict(pdf.objects.trailer?.value)?.['/Encrypt']);
}

/** Encryption: whether the file is encrypted and, if so, the handler's filter, key length, version and revision. */
export function encryptionSection(pdf: PdfObjects, encryption: QpdfEncryption): Record<string, unknown> {
  if (!encryption.encrypted) return { IsEncrypted: false };
  const dict = encryptDictionary(pdf) ?? {};
  return {
    IsEncrypted: true,
    EncryptionAlgorithm: nameOf(pdf.resolve(dict['/Filter'])) ?? null,
    // PDFBox's default for a missing /Length.
    KeyLength: numberOf(pdf.resolve(dict['/Length'])) ?? 40,
    Version: numberOf(pdf.resolve(dict['/V'])) ?? encryption.parameters.V,
    Revision: numberOf(pdf.resolve(dict['/R'])) ?? encryption.parameters.R,
  };
}

/**
 * The seven permissions the reference reports, with the bit of /P each reads
 * (PDF 32000 Table 22) and its label among the restrictions.
 */
const PERMISSIONS = [
  { key: 'Document Assembly', bit: 11, restriction: 'document assembly' },
  { key: 'Extracting Content', bit: 5, restriction: 'content extraction' },
  { key: 'Extracting for accessibility', bit: 10, restriction: 'accessibility extraction' },
  { key: 'Form Filling', bit: 9, restriction: 'form filling' },
  { key: 'Modifying', bit: 4, restriction: 'modification' },
  { key: 'Modifying annotations', bit: 6, restriction: 'annotation modification' },
  { key: 'Printing', bit: 3, restriction: 'printing' },
] as const;

/**
 * Which of the seven permissions a reader opening the file without a password
 * has: all of them for an unencrypted file, or one the empty password opens as
 * its owner; otherwise the /P bits, read as PDFBox reads them.
 */
function permissionStates(encryption: QpdfEncryption): { key: string; restriction: string; allowed: boolean }[] {
  const everything = !encryption.encrypted || encryption.ownerpasswordmatched;
  const p = encryption.parameters?.P ?? -1;
  return PERMISSIONS.map(({ key, bit, restriction }) => ({ key, restriction, allowed: everything || ((p >> (bit - 1)) & 1) === 1 }));
}

/** Permissions: "Allowed" or "Not Allowed" for each. */
export function permissionsSection(encryption: QpdfEncryption): Record<string, string> {
  return Object.fromEntries(permissionStates(encryption).map(({ key, allowed }) => [key, allowed ? 'Allowed' : 'Not Allowed']));
}

/** The restrictions among the permissions, in the reference's words. e.g. ['printing'] */
export function restrictedPermissions(encryption: QpdfEncryption): string[] {
  return permissionStates(encryption)
    .filter((state) => !state.allowed)
    .map((state) => state.restriction);
}

/**
 * FormFields: every terminal field by its fully qualified name, its value as
 * text: a name without its slash (a ticked box's 'Yes'), several chosen values
 * joined by ", ", '' for none, 'Signed' for a signed signature field.
 */
export function formFieldsSection(pdf: PdfObjects): Record<string, string> {
  const section: Record<string, string> = {};
  for (const field of formFields(pdf)) section[field.name] = fieldValueText(pdf, field.type, field.value);
  return section;
}

function fieldValueText(pdf: PdfObjects, type: string | undefined, raw: unknown): string {
  const value = pdf.resolve(raw);
  if (value === undefined || value === null) return '';
  if (type === '/Sig') return pdf.dict(raw) ? 'Signed' : '';
  const one = (item: unknown): string => {
    const resolved = pdf.resolve(item);
    return textOf(resolved) ?? nameOf(resolved) ?? (typeof resolved === 'number' || typeof resolved === 'boolean' ? String(resolved) : '');
  };
  return Array.isArray(value) ? value.map(one).join(', ') : one(value);
}
