import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyStoredLanguage } from './i18n';
import { applyCssConstants } from './lib/css-constants';
import { installReleaseReload } from './lib/release-reload';
import './app/styles/global.css';

const container = document.getElementById('root');
applyCssConstants();
// A lazy chunk gone after a new release reloads the page once (issue 19).
installReleaseReload();

if (!container) throw new Error('#root is missing from index.html');

// Russian renders at once; a stored other language first loads its texts.
void applyStoredLanguage().finally(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
