import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { LOCALES, type LocaleCode } from '@folio/registry/kit/locales';
import english from '../locales/en/app/language.json';
import { useToast } from '../toast';
import { switchLanguage } from './switch-language';
import { useMessages } from './use-messages';

/**
 * The header's language menu: a native select, so keyboards, screen readers
 * and phones handle it as they handle every other. Each language is named in
 * its own script and tagged with its code, so a screen reader speaks it right.
 */
export function LanguageMenu() {
  const { i18n } = useLingui();
  const t = useMessages('language', english);
  const toast = useToast();
  const id = useId();
  const [busy, setBusy] = useState(false);

  const choose = async (code: LocaleCode) => {
    setBusy(true);
    try {
      await switchLanguage(code);
    } catch {
      toast.error(t('loadFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="language-menu">
      <label htmlFor={id} className="visually-hidden">
        {t('menuLabel')}
      </label>
      <span className="language-menu__icon" aria-hidden="true">
        文A
      </span>
      <select
        id={id}
        className="language-menu__select"
        value={i18n.locale}
        aria-busy={busy}
        disabled={busy}
        onChange={(event) => void choose(event.target.value as LocaleCode)}
        data-testid="language-menu"
      >
        {LOCALES.map((locale) => (
          <option key={locale.code} value={locale.code} lang={locale.code} dir={locale.dir}>
            {locale.name}
          </option>
        ))}
      </select>
    </div>
  );
}
