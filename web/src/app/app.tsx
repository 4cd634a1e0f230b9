import { RouterProvider, type createBrowserRouter } from 'react-router';
import { useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { APP_READY_ATTRIBUTE } from '@/config/constants';
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
  // After the first commit: the page on screen is the app's from here on (hydration has finished).
  useEffect(() => document.documentElement.setAttribute(APP_READY_ATTRIBUTE, ''), []);
  return (
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
