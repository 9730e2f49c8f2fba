import type { PageTextFont } from '@folio/registry';

/** One face a text item may be set in: what Pango is asked for, and the file the page's preview loads. */
export interface PageTextFace {
  /**
   * A fontconfig family list: the face first, then faces for scripts it lacks
   * (Pango takes any other installed font for a character none of them has).
   */
  families: string;
  /** The face's file (Debian's font packages, installed by scripts/install-system-deps.sh). */
  file: string;
  contentType: 'font/otf' | 'font/ttf';
}

/** Faces for scripts Latin faces lack, tried in this order after the chosen face. */
const OTHER_SCRIPTS = 'Noto Sans Arabic, Noto Sans Hebrew, Noto Sans Devanagari, Noto Sans Thai, Noto Sans CJK JP';

/**
 * The faces of PAGE_TEXT_FONTS (registry/kit/page-items.ts): the Noto and
 * DejaVu faces the other text tools draw with, and three handwriting faces for
 * typed signatures (URW's Z003 from fonts-urw-base35, fonts-kaushanscript,
 * fonts-dkg-handwriting). Not Dancing Script: cairo's CFF subsetter writes its
 * "c" broken when few letters are used (no reader draws it), so "Public" came
 * out "Publi"; every face here draws each letter alone (page-text-fonts.http.spec.ts).
 */
export const PAGE_TEXT_FACES: Readonly<Record<PageTextFont, PageTextFace>> = {
  sans: { families: `Noto Sans, ${OTHER_SCRIPTS}`, file: '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf', contentType: 'font/ttf' },
  serif: { families: `Noto Serif, ${OTHER_SCRIPTS}`, file: '/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf', contentType: 'font/ttf' },
  mono: { families: `DejaVu Sans Mono, ${OTHER_SCRIPTS}`, file: '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf', contentType: 'font/ttf' },
  'handwriting-flowing': {
    families: `Z003, ${OTHER_SCRIPTS}`,
    file: '/usr/share/fonts/opentype/urw-base35/Z003-MediumItalic.otf',
    contentType: 'font/otf',
  },
  'handwriting-brush': {
    families: `Kaushan Script, ${OTHER_SCRIPTS}`,
    file: '/usr/share/fonts/opentype/kaushanscript/KaushanScript-Regular.otf',
    contentType: 'font/otf',
  },
  'handwriting-plain': { families: `DkgHandwriting, ${OTHER_SCRIPTS}`, file: '/usr/share/fonts/truetype/fifthhorseman/dkg.ttf', contentType: 'font/ttf' },
};
