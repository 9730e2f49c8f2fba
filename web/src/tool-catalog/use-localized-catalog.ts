import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { registryText, toolTranslations } from '../i18n/language';
import { TOOL_CATALOG } from './index';

type Catalog = typeof TOOL_CATALOG;
type Card = Catalog[number]['cards'][number];

/** A home-page card in the visitor's language; `english` keeps the English words, so searching in English still finds it. */
export type LocalizedCard = Card & { english: string };

/** The home page's categories and cards in the active language, cards in that language's alphabetical order. */
export function useLocalizedCatalog(): { id: Catalog[number]['id']; label: string; cards: LocalizedCard[] }[] {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useMemo(() => {
    const collator = new Intl.Collator(locale);
    return TOOL_CATALOG.map((category) => ({
      ...category,
      label: registryText('categories', category.id, category.label),
      cards: category.cards
        .map((card) => {
          const texts = toolTranslations(card.id);
          return { ...card, title: texts.title ?? card.title, subtitle: texts.subtitle ?? card.subtitle, english: `${card.title} ${card.subtitle}` };
        })
        .sort((a, b) => collator.compare(a.title, b.title)),
    }));
  }, [locale]);
}
