import type { PageItemKind, PageTextFont } from '@folio/registry';

/** What a new item of each kind looks like before the visitor changes it. */
export const DEFAULT_COLOURS: Record<PageItemKind, string> = {
  box: '#000000',
  text: '#111111',
  image: '#000000',
  ink: '#1a2a80',
  rectangle: '#d32f2f',
  ellipse: '#d32f2f',
  line: '#d32f2f',
  arrow: '#d32f2f',
  highlight: '#ffe500',
  underline: '#1565c0',
  strikeout: '#d32f2f',
  note: '#f9a825',
};

/** A kind's size when placed by a click or by "Add to page" (points). */
export const DEFAULT_SIZES: Record<PageItemKind, { width: number; height: number }> = {
  box: { width: 160, height: 24 },
  text: { width: 200, height: 40 },
  image: { width: 160, height: 80 },
  ink: { width: 160, height: 60 },
  rectangle: { width: 140, height: 80 },
  ellipse: { width: 140, height: 80 },
  line: { width: 140, height: 0 },
  arrow: { width: 140, height: 0 },
  highlight: { width: 160, height: 14 },
  underline: { width: 160, height: 14 },
  strikeout: { width: 160, height: 14 },
  note: { width: 22, height: 22 },
};

export const DEFAULT_FONT_SIZE = 14;
export const DEFAULT_THICKNESS = 2;

/** CSS families of the text faces; handwriting faces are loaded from the server (the very files it draws with). */
export const FONT_FAMILIES: Record<PageTextFont, string> = {
  sans: '"Noto Sans", "DejaVu Sans", Arial, sans-serif',
  serif: '"Noto Serif", "DejaVu Serif", "Times New Roman", serif',
  mono: '"DejaVu Sans Mono", "Noto Sans Mono", monospace',
  'handwriting-flowing': '"Folio Handwriting Flowing", cursive',
  'handwriting-brush': '"Folio Handwriting Brush", cursive',
  'handwriting-plain': '"Folio Handwriting Plain", cursive',
};

const loadedFaces = new Map<PageTextFont, Promise<void>>();

/** Loads a handwriting face from the server once (`/fonts/page-text/<key>`); other faces are the browser's. */
export function loadFace(font: PageTextFont): Promise<void> {
  if (!font.startsWith('handwriting-') || typeof FontFace === 'undefined') return Promise.resolve();
  let loading = loadedFaces.get(font);
  if (!loading) {
    const family = FONT_FAMILIES[font].split(',')[0]!.replaceAll('"', '');
    const face = new FontFace(family, `url(/fonts/page-text/${font})`);
    loading = face
      .load()
      .then((loaded) => void document.fonts.add(loaded))
      .catch(() => undefined);
    loadedFaces.set(font, loading);
  }
  return loading;
}
