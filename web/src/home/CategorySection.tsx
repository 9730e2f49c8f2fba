import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/home.json';
import type { CategoryId, ToolCard } from '@folio/registry';
import { CategoryIcon } from './CategoryIcon';
import { ToolCardLink } from './ToolCardLink';

interface CategorySectionProps {
  id: CategoryId;
  label: string;
  cards: readonly ToolCard[];
}

export function CategorySection({ id, label, cards }: CategorySectionProps) {
  const t = useMessages('home', english);
  const headingId = `${id}-heading`;
  return (
    <section id={id} className={`category category--${id}`} aria-labelledby={headingId}>
      <div className="category__header">
        <span className="category__icon">
          <CategoryIcon category={id} />
        </span>
        <h3 id={headingId} className="category__title">
          {label}
        </h3>
        <span className="category__count">{t('toolCount', { count: cards.length })}</span>
      </div>
      <ul className="tool-grid">
        {cards.map((card) => (
          <li key={card.id}>
            <ToolCardLink card={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}
