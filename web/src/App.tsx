import { toolPath, tools } from '@folio/registry';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { SiteLayout } from './layout/SiteLayout';
import { AboutPage } from './pages/AboutPage';
import { ComingSoonPage } from './pages/ComingSoonPage';
import { ContactPage } from './pages/ContactPage';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PrivacyPolicyPage } from './pages/PrivacyPolicyPage';
import { TermsPage } from './pages/TermsPage';
import { ToolPage } from './tool-page/ToolPage';

/** The spec's route table (document 1, §2). Tool routes come from the registry, one per declared tool. */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<SiteLayout />}>
          <Route index element={<HomePage />} />
          <Route path="/about" element={<AboutPage />} />
          <Route path="/contact" element={<ContactPage />} />
          <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
          <Route path="/terms-condition" element={<TermsPage />} />
          {tools.map((tool) => (
            // Keyed by id so moving between tools starts each page afresh.
            <Route key={tool.id} path={toolPath(tool)} element={<ToolPage key={tool.id} tool={tool} />} />
          ))}
          <Route path="/tools/*" element={<ComingSoonPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
