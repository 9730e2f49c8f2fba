import type { LocaleCode } from '@folio/registry/kit/locales';
import { activateLocale } from './language';
import { LANGUAGE_STORAGE_KEY } from './locale-choice';

/** Shows the page in another language and remembers the choice for the next visit. */
export async function switchLanguage(code: LocaleCode): Promise<void> {
  await activateLocale(code);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Storage refused (private mode): the choice lasts for this visit, in the URL.
  }
}
