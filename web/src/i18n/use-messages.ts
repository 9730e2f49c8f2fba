import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { i18n } from './language';

type Values = Record<string, unknown>;

/** One namespace's English messages (locales/en/app/<namespace>.json), the source its translations follow. */
export type EnglishMessages = Readonly<Record<string, string>>;

/** A message of a namespace in the active language, outside React (an error built when a request fails). */
export function translate<M extends EnglishMessages>(namespace: string, english: M, key: keyof M & string, values?: Values): string {
  return i18n._(`${namespace}.${key}`, values, { message: english[key] });
}

/**
 * The function a component reads its texts with, re-rendered when the language
 * changes: `const t = useMessages('header', header); t('tools')`.
 */
export function useMessages<M extends EnglishMessages>(namespace: string, english: M): (key: keyof M & string, values?: Values) => string {
  // `_` is a new function whenever the language changes, so memoised children follow it.
  const { _ } = useLingui();
  return useCallback((key: keyof M & string, values?: Values) => _(`${namespace}.${key}`, values, { message: english[key] }), [_, namespace, english]);
}
