import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyCssConstants } from './lib/css-constants';
import './app/styles/global.css';

const container = document.getElementById('root');
applyCssConstants();

if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
