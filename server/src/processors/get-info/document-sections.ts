import type { QpdfEncryption } from '../../engines/qpdf/qpdf-objects';
import { encryptDictionary, permissionsWithoutPassword, statedKeyLength, type Permission } from '../../pdf-objects/access-permissions';
import { infoDictionary, pdfVersion } from '../../pdf-objects/document-info';
import { nameOf, numberOf, textOf, type PdfObjects } from '../../pdf-objects/pdf-objects';
import { formFields } from '../../pdf-signatures/signature-fields';
import { infoDate } from './info-values';

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
  const mode = pdf.resolve(pdf.catalog?.['/PageMode']);
  return {
    'PDF version': pdfVersion(pdf, headerVersion),
    Trapped: nameOf(pdf.resolve(infoDictionary(pdf)['/Trapped'])) ?? null,
    'Page Mode': (typeof mode === 'string' && PAGE_MODES[mode]) || 'USE_NONE',
  };
}

/** Encryption: whether the file is encrypted and, if so, the handler's filter, key length, version and revision. */
export function encryptionSection(pdf: PdfObjects, encryption: QpdfEncryption): Record<string, unknown> {
  if (!encryption.encrypted) return { IsEncrypted: false };
  const dict = encryptDictionary(pdf) ?? {};
  return {
    IsEncrypted: true,
    EncryptionAlgorithm: nameOf(pdf.resolve(dict['/Filter'])) ?? null,
    KeyLength: statedKeyLength(pdf),
    Version: numberOf(pdf.resolve(dict['/V'])) ?? encryption.parameters.V,
    Revision: numberOf(pdf.resolve(dict['/R'])) ?? encryption.parameters.R,
  };
}

/** The seven permissions the reference reports, in its order, each with its label among the restrictions. */
const PERMISSIONS: readonly { key: string; permission: Permission; restriction: string }[] = [
  { key: 'Document Assembly', permission: 'assemble', restriction: 'document assembly' },
  { key: 'Extracting Content', permission: 'extractContent', restriction: 'content extraction' },
  { key: 'Extracting for accessibility', permission: 'extractForAccessibility', restriction: 'accessibility extraction' },
  { key: 'Form Filling', permission: 'fillInForm', restriction: 'form filling' },
  { key: 'Modifying', permission: 'modify', restriction: 'modification' },
  { key: 'Modifying annotations', permission: 'modifyAnnotations', restriction: 'annotation modification' },
  { key: 'Printing', permission: 'print', restriction: 'printing' },
];

/** Which of the seven permissions a reader opening the file without a password has. */
function permissionStates(encryption: QpdfEncryption): { key: string; restriction: string; allowed: boolean }[] {
  const allowed = permissionsWithoutPassword(encryption);
  return PERMISSIONS.map(({ key, permission, restriction }) => ({ key, restriction, allowed: allowed[permission] }));
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
