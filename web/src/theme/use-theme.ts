import { useSyncExternalStore } from 'react';
import { chooseTheme, currentTheme, type Theme } from './theme-preference';

/** `<html data-theme>` is the one source of truth: apply-theme.js changes it too (system setting, other tabs). */
function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/** The theme shown, and a way to choose the other one. */
export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void } {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'light' as const);
  return { theme, setTheme: chooseTheme };
}
