import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../hooks/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="container message-page">
      <p className="message-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="message-page__title">Oops! Page not found</h1>
      <p className="message-page__text">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="button button--primary">
        Return to Home
      </Link>
    </div>
  );
}
