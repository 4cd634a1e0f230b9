import { RouterProvider } from 'react-router';
import { useState } from 'react';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/** The whole storefront: providers around the router. */
export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
