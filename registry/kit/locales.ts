/**
 * The languages the web app speaks. English is the source: the spec's texts and
 * the declarations; every other language is a catalogue under
 * web/src/locales/<code>/ with the same keys (checked by the generators).
 */
export const LOCALES = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'hi', name: 'हिन्दी', dir: 'ltr' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', dir: 'ltr' },
  { code: 'pt-BR', name: 'Português (Brasil)', dir: 'ltr' },
  { code: 'zh-CN', name: '简体中文', dir: 'ltr' },
  { code: 'ja', name: '日本語', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
] as const;

export type LocaleCode = (typeof LOCALES)[number]['code'];

export const SOURCE_LOCALE = 'en' satisfies LocaleCode;

export function isLocaleCode(code: string): code is LocaleCode {
  return LOCALES.some((locale) => locale.code === code);
}
