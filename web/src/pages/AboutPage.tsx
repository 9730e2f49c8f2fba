import { Link } from 'react-router-dom';
import { RichMessage } from '../i18n/RichMessage';
import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/about.json';
import { StaticPage } from './StaticPage';

const VALUES = [
  { title: 'allInOneTitle', text: 'allInOneText' },
  { title: 'speedTitle', text: 'speedText' },
  { title: 'privateTitle', text: 'privateText' },
  { title: 'anywhereTitle', text: 'anywhereText' },
] as const;

export function AboutPage() {
  const t = useMessages('about', english);
  return (
    <StaticPage title={t('title')} lead={t('lead')}>
      <div className="prose">
        <p>{t('story')}</p>
        <p>{t('trust')}</p>
      </div>
      <ul className="value-grid">
        {VALUES.map((value) => (
          <li key={value.title} className="value-card">
            <h2 className="value-card__title">{t(value.title)}</h2>
            <p className="value-card__text">{t(value.text)}</p>
          </li>
        ))}
      </ul>
      <p className="static-page__cta">
        <RichMessage namespace="about" english={english} id="cta" components={{ 0: <Link to="/contact" />, 1: <Link to="/" /> }} />
      </p>
    </StaticPage>
  );
}
