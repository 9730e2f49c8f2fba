import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { localizeTool, messageTranslator, type AnyTool } from '@folio/registry';
import { toolTranslations } from './language';

/**
 * The tool's declaration in the active language (titles, labels, options,
 * toasts), and a function that translates its validation messages, which the
 * schemas and the server word in English.
 */
export function useLocalizedTool<T extends AnyTool>(tool: T): { tool: T; translateMessage: (message: string) => string } {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useMemo(() => {
    const translations = toolTranslations(tool.id);
    return { tool: localizeTool(tool, translations), translateMessage: messageTranslator(tool, translations) };
    // The translations change with the locale only.
  }, [tool, locale]);
}
