import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/home.json';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../hooks/use-document-title';

export function NotFoundPage() {
  const t = useMessages('home', english);
  useDocumentTitle(t('notFoundDocumentTitle'));
  return (
    <div className="container message-page">
      <p className="message-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="message-page__title">{t('notFoundTitle')}</h1>
      <p className="message-page__text">{t('notFoundText')}</p>
      <Link to="/" className="button button--primary">
        {t('returnHome')}
      </Link>
    </div>
  );
}
