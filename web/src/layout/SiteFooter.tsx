import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/layout.json';
import { Link } from 'react-router-dom';
import { Logo } from './Logo';

const FOOTER_LINKS = [
  { to: '/about', label: 'footerAbout' },
  { to: '/contact', label: 'footerContact' },
  { to: '/privacy-policy', label: 'footerPrivacy' },
  { to: '/terms-condition', label: 'footerTerms' },
] as const;

export function SiteFooter() {
  const t = useMessages('layout', english);
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__about">
          <Link to="/" className="brand brand--small" aria-label={t('footerHome')}>
            <Logo className="brand__logo" />
            <span className="brand__name">Folio</span>
          </Link>
          <p className="site-footer__note">{t('footerNote')}</p>
        </div>
        <nav aria-label={t('footerNav')}>
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container">
        <p className="site-footer__legal">{t('footerLegal', { year: String(new Date().getFullYear()) })}</p>
      </div>
    </footer>
  );
}
