import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/layout.json';
import { useTheme } from './use-theme';

/** A two-state toggle in the header: it starts from the system setting, and a choice is remembered. */
export function ThemeToggle() {
  const t = useMessages('layout', english);
  const { theme, setTheme } = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-label={t('darkTheme')}
      aria-pressed={dark}
      title={dark ? t('useLightTheme') : t('useDarkTheme')}
      data-testid="theme-toggle"
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {dark ? (
          // Sun: what a press brings back.
          <>
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </>
        ) : (
          // Moon.
          <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />
        )}
      </svg>
    </button>
  );
}
