/**
 * The standard page sizes the reference knows, as PDFBox's PDRectangle
 * constants hold them (floats, in points, portrait): Get All Info names a page
 * by them, Filter by Page Size compares with them.
 */
export const PDFBOX_PAGE_SIZES = {
  LETTER: [612, 792],
  LEGAL: [612, 1008],
  A0: [2383.937, 3370.3938],
  A1: [1683.7795, 2383.937],
  A2: [1190.5513, 1683.7795],
  A3: [841.8898, 1190.5513],
  A4: [595.27563, 841.8898],
  A5: [419.52756, 595.27563],
  A6: [297.63782, 419.52756],
} as const satisfies Record<string, readonly [width: number, height: number]>;

export type StandardPageSize = keyof typeof PDFBOX_PAGE_SIZES;
