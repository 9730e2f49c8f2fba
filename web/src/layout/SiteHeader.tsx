import { Link, NavLink } from 'react-router-dom';
import { LanguageMenu } from '../i18n/LanguageMenu';
import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/layout.json';
import { ThemeToggle } from '../theme/ThemeToggle';
import { Logo } from './Logo';

export function SiteHeader() {
  const t = useMessages('layout', english);
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        {/* No aria-label: the name is the visible text, as speech users say it. */}
        <Link to="/" className="brand">
          <Logo className="brand__logo" />
          <span className="brand__text">
            <span className="brand__name">Folio</span>
            <span className="brand__tagline">{t('tagline')}</span>
          </span>
        </Link>
        <div className="site-header__end">
          <nav className="site-nav" aria-label={t('mainNav')}>
            {/* To the home page's tool list, so a phone visitor lands on the tools, not the hero. */}
            <NavLink to={{ pathname: '/', hash: 'tools' }} end className="site-nav__link">
              {t('navTools')}
            </NavLink>
            <NavLink to="/about" className="site-nav__link">
              {t('navAbout')}
            </NavLink>
            <NavLink to="/contact" className="site-nav__link">
              {t('navContact')}
            </NavLink>
          </nav>
          <LanguageMenu />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
