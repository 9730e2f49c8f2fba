/**
 * The colour theme: what `<html data-theme>` holds and what the visitor's choice is stored as.
 * web/public/apply-theme.js reads the same key before the first paint (no module can run that
 * early), so the key and values here and there must stay the same.
 */
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'folio-theme';

/**
 * What to store when the visitor picks `chosen`: nothing when it is what the system gives
 * (the page then follows the system again), else the choice itself.
 */
export function themeToStore(chosen: Theme, system: Theme): Theme | null {
  return chosen === system ? null : chosen;
}

export function systemTheme(): Theme {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The theme on the page now (set by apply-theme.js, then by `chooseTheme`). */
export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** Shows `theme` and remembers it (or forgets the choice when it matches the system). */
export function chooseTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  const stored = themeToStore(theme, systemTheme());
  try {
    if (stored) window.localStorage.setItem(THEME_STORAGE_KEY, stored);
    else window.localStorage.removeItem(THEME_STORAGE_KEY);
  } catch {
    // Storage blocked: the choice lasts until the page is left.
  }
}
