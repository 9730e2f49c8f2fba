import type { Alphabet } from '@folio/registry';

/**
 * The fonts behind the `alphabet` option of Add Stamp and Add Watermark: a
 * fontconfig family per alphabet (Debian's Noto fonts: fonts-noto-core for
 * Latin, Arabic and Thai, fonts-noto-cjk for Chinese, Japanese and Korean) and
 * the language that picks its regional forms. Pango finds the files through
 * fontconfig; a character the family lacks comes from another installed font.
 * The reference bundles Noto Sans for Latin, Arabic and Thai, and Windows fonts
 * (Meiryo, Malgun Gothic, SimSun) for CJK, which Debian does not ship.
 */

export interface AlphabetFont {
  /** A fontconfig family name. e.g. 'Noto Sans Arabic' */
  family: string;
  /** A BCP 47 language tag. e.g. 'ar' */
  language: string;
}

export const ALPHABET_FONTS: Record<Alphabet, AlphabetFont> = {
  roman: { family: 'Noto Sans', language: 'en' },
  arabic: { family: 'Noto Sans Arabic', language: 'ar' },
  japanese: { family: 'Noto Sans CJK JP', language: 'ja' },
  korean: { family: 'Noto Sans CJK KR', language: 'ko' },
  chinese: { family: 'Noto Sans CJK SC', language: 'zh-cn' },
  thai: { family: 'Noto Sans Thai', language: 'th' },
};
