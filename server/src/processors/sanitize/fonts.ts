import type { PdfEdits } from '../../pdf-objects/object-edits';

/** Where a font descriptor keeps the font program: Type 1, TrueType, and CFF or OpenType. */
const FONT_PROGRAMS = ['/FontFile', '/FontFile2', '/FontFile3'];

/**
 * Takes every embedded font program out of its font descriptor. The fonts
 * themselves stay (names, widths, encodings, ToUnicode maps), so the text is
 * still there, searchable and copyable, and viewers show it in a substitute
 * font. Type 3 fonts, whose glyphs are drawn by page-content operators rather
 * than a font program, are kept.
 */
export function removeEmbeddedFonts(edits: PdfEdits): void {
  edits.eachDictionary((dict, owner) => {
    const present = FONT_PROGRAMS.filter((key) => key in dict);
    if (present.length === 0) return;
    for (const key of present) delete dict[key];
    edits.touch(owner);
  });
}
