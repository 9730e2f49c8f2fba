import { Outlet } from 'react-router-dom';
import { LanguageInUrl } from '../i18n/LanguageInUrl';
import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/layout.json';
import { ScrollToTop } from './ScrollToTop';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** Header and footer around every page. */
export function SiteLayout() {
  const t = useMessages('layout', english);
  return (
    <div className="site">
      <ScrollToTop />
      <LanguageInUrl />
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
