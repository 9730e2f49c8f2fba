import { i18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LOCALES, SOURCE_LOCALE, type LocaleCode } from '@folio/registry/kit/locales';
import type { ToolTexts } from '@folio/registry/kit/tool-texts';
import { SOURCE_CATALOGUE, type Catalogue } from './catalogue';

type TranslatedLocale = Exclude<LocaleCode, typeof SOURCE_LOCALE>;

// One chunk per language, fetched only for a visitor who reads it.
const CATALOGUE_CHUNKS: Record<TranslatedLocale, () => Promise<{ default: Catalogue }>> = {
  hi: () => import('./catalogues/hi'),
  es: () => import('./catalogues/es'),
  fr: () => import('./catalogues/fr'),
  de: () => import('./catalogues/de'),
  'pt-BR': () => import('./catalogues/pt-BR'),
  'zh-CN': () => import('./catalogues/zh-CN'),
  ja: () => import('./catalogues/ja'),
  ar: () => import('./catalogues/ar'),
};

// Messages are ICU text in the catalogues and the English source; each is compiled once, when first shown.
const compiled = new Map<string, ReturnType<typeof compileMessage>>();
i18n.setMessagesCompiler((message) => {
  let result = compiled.get(message);
  if (result === undefined) {
    result = compileMessage(message);
    compiled.set(message, result);
  }
  return result;
});

let catalogue: Catalogue = SOURCE_CATALOGUE;
// English until a language is chosen, so messages read outside the page (and in unit tests) have one.
i18n.loadAndActivate({ locale: SOURCE_LOCALE, messages: {} });

/** Fetches a language's chunk (none for English), makes it the page's language and sets `<html lang dir>`. */
export async function activateLocale(code: LocaleCode): Promise<void> {
  const next = code === SOURCE_LOCALE ? SOURCE_CATALOGUE : (await CATALOGUE_CHUNKS[code]()).default;
  catalogue = next;
  document.documentElement.lang = code;
  document.documentElement.dir = LOCALES.find((locale) => locale.code === code)?.dir ?? 'ltr';
  // Installing the app from a page in this language gives it this language's name (web/vite.config.ts writes one manifest per language).
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', code === SOURCE_LOCALE ? '/manifest.webmanifest' : `/manifest-${code}.webmanifest`);
  i18n.loadAndActivate({ locale: code, messages: next.messages as Messages });
}

/** The active language. */
export function activeLocale(): LocaleCode {
  return (i18n.locale || SOURCE_LOCALE) as LocaleCode;
}

/** A tool's translated texts in the active language (empty in English: the declaration is the text). */
export function toolTranslations(id: string): ToolTexts {
  return catalogue.tools[id] ?? {};
}

/** One of the registry's own texts (a category name, a shared text) in the active language. */
export function registryText(file: 'categories' | 'shared' | 'pipeline' | 'file-types', key: string, english: string): string {
  return catalogue.registry[file]?.[key] ?? english;
}

export { i18n };
