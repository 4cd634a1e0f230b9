import { RouterProvider, type createBrowserRouter } from 'react-router';
import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
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
  return (
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
