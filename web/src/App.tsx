import { lazy, Suspense } from 'react';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router-dom';
import { SiteLayout } from './layout/SiteLayout';
import { OfflineNotice } from './offline/OfflineNotice';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { TOOL_ROUTES } from './tool-catalog';

// The home page (and the small 404 page) come with the first bundle; every other
// page is fetched when first visited. The tool page brings the registry, zod, the
// form library and the widgets; pdf.js and the pipeline editor load later still.
const AboutPage = lazy(() => import('./pages/AboutPage').then((module) => ({ default: module.AboutPage })));
const ContactPage = lazy(() => import('./pages/ContactPage').then((module) => ({ default: module.ContactPage })));
const PrivacyPolicyPage = lazy(() => import('./pages/PrivacyPolicyPage').then((module) => ({ default: module.PrivacyPolicyPage })));
const TermsPage = lazy(() => import('./pages/TermsPage').then((module) => ({ default: module.TermsPage })));
const ComingSoonPage = lazy(() => import('./pages/ComingSoonPage').then((module) => ({ default: module.ComingSoonPage })));
const ToolRoute = lazy(() => import('./tool-page/ToolRoute'));

/** Header and footer stay in place while a page's code loads. */
function LazyPage() {
  return (
    <Suspense fallback={<div className="container" aria-busy="true" />}>
      <Outlet />
    </Suspense>
  );
}

/** The spec's route table (document 1, §2). Tool routes come from the registry, one per declared tool. */
export function App() {
  return (
    <BrowserRouter>
      <OfflineNotice />
      <Routes>
        <Route element={<SiteLayout />}>
          <Route element={<LazyPage />}>
            <Route index element={<HomePage />} />
            <Route path="/about" element={<AboutPage />} />
            <Route path="/contact" element={<ContactPage />} />
            <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
            <Route path="/terms-condition" element={<TermsPage />} />
            {TOOL_ROUTES.map(({ id, path }) => (
              // Keyed by id so moving between tools starts each page afresh.
              <Route key={id} path={path} element={<ToolRoute key={id} id={id} />} />
            ))}
            <Route path="/tools/*" element={<ComingSoonPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
