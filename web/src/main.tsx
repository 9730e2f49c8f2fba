import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
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

createRoot(root).render(
  <StrictMode>
    <ToastProvider>
      <App />
    </ToastProvider>
  </StrictMode>,
);
