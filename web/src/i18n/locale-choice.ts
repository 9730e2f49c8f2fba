import { isLocaleCode, LOCALES, SOURCE_LOCALE, type LocaleCode } from '@folio/registry/kit/locales';

/** The query parameter that carries the language in a shared link. e.g. `/tools/organize/merge?lang=hi` */
export const LANGUAGE_PARAM = 'lang';

/** Where the visitor's choice is remembered. */
export const LANGUAGE_STORAGE_KEY = 'folio.language';

/** The supported language a browser tag asks for, if any: `pt` and `pt-PT` → `pt-BR`, `zh-Hans-SG` → `zh-CN`, `hi-IN` → `hi`. */
export function matchLocale(tag: string): LocaleCode | undefined {
  const wanted = tag.trim().toLowerCase();
  if (wanted === '') return undefined;
  const exact = LOCALES.find((locale) => locale.code.toLowerCase() === wanted);
  if (exact) return exact.code;
  const language = wanted.split('-')[0];
  // Traditional Chinese readers are better served by English than by Simplified script.
  if (language === 'zh' && /-(hant|tw|hk|mo)\b/.test(wanted)) return undefined;
  return LOCALES.find((locale) => locale.code.toLowerCase().split('-')[0] === language)?.code;
}

interface LocaleSources {
  /** The page's query string. e.g. '?lang=ar' */
  search: string;
  /** The remembered choice, if any. */
  remembered: string | null;
  /** The browser's languages, most wanted first (navigator.languages). */
  browser: readonly string[];
}

/** The language to show: the link's, else the visitor's remembered choice, else the browser's first supported language, else English. */
export function chooseLocale({ search, remembered, browser }: LocaleSources): LocaleCode {
  const fromLink = new URLSearchParams(search).get(LANGUAGE_PARAM);
  if (fromLink && isLocaleCode(fromLink)) return fromLink;
  if (remembered && isLocaleCode(remembered)) return remembered;
  for (const tag of browser) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return SOURCE_LOCALE;
}

/** The query string with the language set (or removed, for English, which needs no parameter). */
export function searchWithLocale(search: string, locale: LocaleCode): string {
  const params = new URLSearchParams(search);
  if (locale === SOURCE_LOCALE) params.delete(LANGUAGE_PARAM);
  else params.set(LANGUAGE_PARAM, locale);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
