import { Link } from 'react-router-dom';
import { Logo } from './Logo';

const FOOTER_LINKS = [
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-condition', label: 'Terms & Conditions' },
] as const;

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__about">
          <Link to="/" className="brand brand--small" aria-label="Folio home">
            <Logo className="brand__logo" />
            <span className="brand__name">Folio</span>
          </Link>
          <p className="site-footer__note">Free PDF tools for everyone. Your files are deleted automatically after processing.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container">
        <p className="site-footer__legal">© {new Date().getFullYear()} Folio. Made in India.</p>
      </div>
    </footer>
  );
}
