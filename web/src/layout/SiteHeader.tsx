import { Link, NavLink } from 'react-router-dom';
import { Logo } from './Logo';

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand" aria-label="Folio home">
          <Logo className="brand__logo" />
          <span className="brand__text">
            <span className="brand__name">Folio</span>
            <span className="brand__tagline">Free PDF tools</span>
          </span>
        </Link>
        <nav className="site-nav" aria-label="Main">
          <NavLink to="/" end className="site-nav__link site-nav__link--tools">
            Tools
          </NavLink>
          <NavLink to="/about" className="site-nav__link">
            About
          </NavLink>
          <NavLink to="/contact" className="site-nav__link">
            Contact
          </NavLink>
        </nav>
      </div>
    </header>
  );
}
