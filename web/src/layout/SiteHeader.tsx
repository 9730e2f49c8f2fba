import { Link, NavLink } from 'react-router-dom';
import { ThemeToggle } from '../theme/ThemeToggle';
import { Logo } from './Logo';

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        {/* No aria-label: the name is the visible text, as speech users say it. */}
        <Link to="/" className="brand">
          <Logo className="brand__logo" />
          <span className="brand__text">
            <span className="brand__name">Folio</span>
            <span className="brand__tagline">Free PDF tools</span>
          </span>
        </Link>
        <div className="site-header__end">
          <nav className="site-nav" aria-label="Main">
            {/* To the home page's tool list, so a phone visitor lands on the tools, not the hero. */}
            <NavLink to={{ pathname: '/', hash: 'tools' }} end className="site-nav__link">
              Tools
            </NavLink>
            <NavLink to="/about" className="site-nav__link">
              About
            </NavLink>
            <NavLink to="/contact" className="site-nav__link">
              Contact
            </NavLink>
          </nav>
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
