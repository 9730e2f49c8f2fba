import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/home.json';
import type { ToolCard } from '@folio/registry';
import { Link } from 'react-router-dom';
import { CategoryIcon } from './CategoryIcon';

/** A home-page card. Planned tools link too: they land on the coming-soon page. */
export function ToolCardLink({ card }: { card: ToolCard }) {
  const t = useMessages('home', english);
  return (
    <Link to={card.path} className={`tool-card-link category--${card.category}`} data-testid="tool-card" data-available={card.available}>
      <span className="tool-card-link__icon">
        <CategoryIcon category={card.category} />
      </span>
      <span className="tool-card-link__body">
        <span className="tool-card-link__title">{card.title}</span>
        <span className="tool-card-link__subtitle">{card.subtitle}</span>
        {!card.available && <span className="tool-card-link__status">{t('comingSoon')}</span>}
      </span>
    </Link>
  );
}
