import { tools } from '@folio/registry';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ToastProvider } from './toast';
import { assertWidgetsResolve } from './tool-page/resolve-widget';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/home.css';
import './styles/forms.css';
import './styles/tool-page.css';
import './styles/pages.css';
import './styles/toast.css';
import './styles/bookmark-editor.css';
import './styles/pipeline-editor.css';

// Fail on load, naming every field without a widget, rather than on the one page that needs it.
assertWidgetsResolve(tools);

const root = document.getElementById('root');
if (!root) throw new Error('web/index.html must contain <div id="root">.');

createRoot(root).render(
  <StrictMode>
    <ToastProvider>
      <App />
    </ToastProvider>
  </StrictMode>,
);
