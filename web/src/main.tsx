import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { App } from './app/app';
import { resolveLazyRoutes } from './app/resolve-lazy';
import { createAppRouter, routes } from './app/router';
import { OVERLAY_DIALOG_PRELOAD_TIMEOUT_MS, RENDERED_STATE_ID } from './config/constants';
import i18n, { applyStoredLanguage, loadLanguage } from './i18n';
import { applyCssConstants } from './lib/css-constants';
import { createQueryClient } from './lib/query-client';
import { installReleaseReload } from './lib/release-reload';
import { loadOverlayDialog } from './components/ui/overlay';
import { servedAt, type RenderedState } from './ssr/state';
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
  hydrate(client, servedAt(state.queries, Date.now()));
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
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for
  // the whole page (a blocking task of 150–300 ms on a slow phone, Lighthouse's TBT). A press on the page meanwhile is
  // held by the event contract and played once the page is hydrated (issue 33).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={createAppRouter(resolved.value, { hydrating: true })} client={client} />
      </StrictMode>,
    );
  });
}

/**
 * The overlays' dialog (Radix Dialog) is not part of a page's first JavaScript (issue 22): it is fetched once the
 * browser is idle after the page started, so the first overlay a shopper opens has it at hand. A failed fetch is
 * tried again when an overlay opens.
 */
function preloadWhenIdle() {
  const load = () => void loadOverlayDialog().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: OVERLAY_DIALOG_PRELOAD_TIMEOUT_MS });
  else setTimeout(load, OVERLAY_DIALOG_PRELOAD_TIMEOUT_MS);
}

void start(container).then(preloadWhenIdle);
