import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyStoredLanguage } from './i18n';
import { applyCssConstants } from './lib/css-constants';
import './app/styles/global.css';

const container = document.getElementById('root');
applyCssConstants();

if (!container) throw new Error('#root is missing from index.html');

// Russian renders at once; a stored other language first loads its texts.
void applyStoredLanguage().finally(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
