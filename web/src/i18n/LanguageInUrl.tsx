import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isLocaleCode, type LocaleCode } from '@folio/registry/kit/locales';
import { LANGUAGE_PARAM, searchWithLocale } from './locale-choice';
import { switchLanguage } from './switch-language';

/**
 * Keeps the language in the address (`?lang=hi`), so a link copied from any
 * page opens in the language it was read in; English pages carry none. A
 * link within the site that names another language switches to it; a choice
 * from the menu rewrites the address.
 */
export function LanguageInUrl() {
  const { i18n } = useLingui();
  const locale = i18n.locale as LocaleCode;
  const location = useLocation();
  const navigate = useNavigate();
  const syncedLocale = useRef(locale);

  useEffect(() => {
    const chosenFromMenu = syncedLocale.current !== locale;
    syncedLocale.current = locale;
    const named = new URLSearchParams(location.search).get(LANGUAGE_PARAM);
    if (!chosenFromMenu && named !== null && isLocaleCode(named) && named !== locale) {
      void switchLanguage(named);
      return;
    }
    const search = searchWithLocale(location.search, locale);
    if (search !== location.search) navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true, state: location.state });
  }, [locale, location, navigate]);

  return null;
}
