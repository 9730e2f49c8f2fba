/**
 * Texts whose QR code marks a divider page. The reference's three (§6.13),
 * exactly, so Stirling-PDF's printed divider sheets work here too; and Folio's
 * own, on the sheet the tool's page links to (web/public/auto-split-divider.pdf).
 * Ours is in QR's alphanumeric alphabet (capitals, digits, '-'), which packs it
 * into a small code with large modules: easier to read from a poor scan.
 */
export const FOLIO_DIVIDER_TEXT = 'FOLIO-AUTO-SPLIT-DIVIDER';

export const DIVIDER_TEXTS: ReadonlySet<string> = new Set([
  'https://github.com/Stirling-Tools/Stirling-PDF',
  'https://github.com/Frooodle/Stirling-PDF',
  'https://stirlingpdf.com',
  FOLIO_DIVIDER_TEXT,
]);

/** Whether a page whose QR codes read `texts` is a divider: one of them is a divider text, exactly. */
export function isDivider(texts: readonly string[]): boolean {
  return texts.some((text) => DIVIDER_TEXTS.has(text));
}
