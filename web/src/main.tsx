import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { App } from './app/app';
import { resolveLazyRoutes } from './app/resolve-lazy';
import { createAppRouter, routes } from './app/router';
import { RENDERED_STATE_ID } from './config/constants';
import i18n, { applyStoredLanguage, loadLanguage } from './i18n';
import { applyCssConstants } from './lib/css-constants';
import { createQueryClient } from './lib/query-client';
import { installReleaseReload } from './lib/release-reload';
import type { RenderedState } from './ssr/state';
import './app/styles/global.css';

const container = document.getElementById('root');
applyCssConstants();
// A lazy chunk gone after a new release reloads the page once (issue 19).
installReleaseReload();

if (!container) throw new Error('#root is missing from index.html');

/**
 * A page the server rendered (issue 22) carries its state: the browser takes over the HTML (`hydrateRoot`) in the
 * page's language, with the API answers the HTML was drawn from and the page's route module loaded first, so its
 * first render is the server's, exactly. A page without it (the server's fallback, or a private page) renders here.
 */
async function start(root: HTMLElement) {
  const stateElement = document.getElementById(RENDERED_STATE_ID);
  const renderHere = (client?: QueryClient) =>
    createRoot(root).render(
      <StrictMode>
        <App client={client} />
      </StrictMode>,
    );
  if (!stateElement?.textContent) {
    // Russian renders at once; a stored other language first loads its texts.
    await applyStoredLanguage();
    renderHere();
    return;
  }
  const state = JSON.parse(stateElement.textContent) as RenderedState;
  const client = createQueryClient();
  hydrate(client, state.queries);
  const [resolved, language] = await Promise.allSettled([
    resolveLazyRoutes(routes, window.location.pathname, client),
    loadLanguage(state.language).then(() => i18n.changeLanguage(state.language)),
  ]);
  if (resolved.status === 'rejected' || language.status === 'rejected') {
    // The page's chunk or its language's texts did not load (the network, or a release replaced them): the app
    // renders here instead of hydrating a page it cannot draw the same, and the router shows the page's error
    // screen inside the layout, as for any failed page (issue 19).
    renderHere(client);
    return;
  }
  hydrateRoot(
    root,
    <StrictMode>
      <App router={createAppRouter(resolved.value)} client={client} />
    </StrictMode>,
  );
}

void start(container);
