import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { activateLocale, i18n } from './i18n/language';
import { chooseLocale, LANGUAGE_STORAGE_KEY } from './i18n/locale-choice';
import { ToastProvider } from './toast';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/home.css';
import './styles/forms.css';
import './styles/tool-page.css';
import './styles/pages.css';
import './styles/toast.css';
import './styles/helpful-errors.css';
import './styles/bookmark-editor.css';
import './styles/pipeline-editor.css';

const root = document.getElementById('root');
if (!root) throw new Error('web/index.html must contain <div id="root">.');

function rememberedLocale(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <ToastProvider>
          <App />
        </ToastProvider>
      </I18nProvider>
    </StrictMode>,
  );

// The language's chunk comes before the first paint, so no English flashes by; English needs none.
const locale = chooseLocale({ search: location.search, remembered: rememberedLocale(), browser: navigator.languages ?? [navigator.language] });
activateLocale(locale)
  .catch(() => activateLocale('en'))
  .finally(render);
