import { RouterProvider, type createBrowserRouter } from 'react-router';
import { useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { APP_READY_ATTRIBUTE, HYDRATION_WAIT_MAX_MS } from '@/config/constants';
import { replayEarlyEvents, whenHydrated } from '@/lib/early-events';
import { useHydrated } from '@/lib/use-hydrated';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/** The router the browser runs the app with. */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The whole storefront: providers around the router. A server-rendered page passes the router made from its
 * resolved routes and the query client filled from the page's state (`main.tsx`, issue 22); otherwise both are made
 * here.
 */
export function App({ router: given, client }: { router?: AppRouter; client?: QueryClient }) {
  const [router] = useState(() => given ?? createAppRouter());
  // After the render that follows hydration (the one where the widgets know the window's side, so each control is
  // the one it stays), and once the page's own Suspense boundaries are hydrated too: the page on screen is the app's
  // from here on. The mark says so, and what the shopper did before is acted on now (issue 33).
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    let live = true;
    void whenHydrated(document.getElementById('root'), HYDRATION_WAIT_MAX_MS).then(() => {
      if (!live) return;
      document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
      return replayEarlyEvents();
    });
    return () => {
      live = false;
    };
  }, [hydrated]);
  return (
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
