import { handWrittenPdf } from './hand-written-pdf';

/**
 * PDFs whose trees turn back on themselves, or share their branches so that a
 * walk without a visited set takes 2^depth steps: the kind of file that keeps
 * a reader busy for ever on a few kilobytes.
 */

const CATALOG_PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>';

/**
 * Form fields of 40 levels, each listing the next level twice among its kids.
 * Poppler walks every path (2^40): pdfinfo, pdftotext and pdftoppm never return.
 */
export function sharedFieldKidsPdf(depth = 40): Buffer {
  const firstField = 4;
  const widget = firstField + depth;
  const fields = Array.from({ length: depth }, (_, level) => {
    const next = firstField + level + 1;
    const parent = level > 0 ? ` /Parent ${firstField + level - 1} 0 R` : '';
    return `<< /T (f${level}) /Kids [${next} 0 R ${next} 0 R]${parent} >>`;
  });
  return handWrittenPdf([
    `<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [${firstField} 0 R] >> >>`,
    CATALOG_PAGES,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Annots [${widget} 0 R] >>`,
    ...fields,
    `<< /Type /Annot /Subtype /Widget /Rect [10 10 60 40] /Parent ${widget - 1} 0 R /FT /Tx /T (w) /V (text) >>`,
  ]);
}

/** Bookmarks whose siblings and children point back at each other. */
export function loopingOutlinePdf(): Buffer {
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R /Outlines 4 0 R /PageMode /UseOutlines >>',
    CATALOG_PAGES,
    PAGE,
    '<< /Type /Outlines /First 5 0 R /Last 6 0 R /Count 2 >>',
    '<< /Title (One) /Parent 4 0 R /Next 6 0 R /First 6 0 R /Last 6 0 R /Count 1 /Dest [3 0 R /Fit] >>',
    '<< /Title (Two) /Parent 5 0 R /Prev 5 0 R /Next 5 0 R /First 5 0 R /Last 5 0 R /Count 1 /Dest [3 0 R /Fit] >>',
  ]);
}

/** A page tree that lists itself among its kids, through a second node too. */
export function loopingPageTreePdf(): Buffer {
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 2 0 R 4 0 R] /Count 3 >>',
    PAGE,
    '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>',
  ]);
}

/** Name trees (destinations, attached files, scripts) whose kids loop, and share branches 40 levels deep. */
export function loopingNameTreePdf(depth = 40): Buffer {
  const shared = 7;
  const levels = Array.from({ length: depth }, (_, level) => {
    const next = shared + level + 1;
    return `<< /Kids [${next} 0 R ${next} 0 R] >>`;
  });
  return handWrittenPdf([
    `<< /Type /Catalog /Pages 2 0 R /Names << /Dests 4 0 R /EmbeddedFiles 4 0 R /JavaScript ${shared} 0 R >> >>`,
    CATALOG_PAGES,
    PAGE,
    '<< /Kids [5 0 R 5 0 R] >>',
    '<< /Kids [4 0 R 6 0 R] >>',
    '<< /Names [(x) [3 0 R /Fit]] >>',
    ...levels,
    '<< /Names [(y) [3 0 R /Fit]] >>',
  ]);
}
