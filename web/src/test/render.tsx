import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';

/** The current location, rendered for assertions (`screen.getByTestId('location')`). */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders `element` at `url` inside the app's providers and a memory router (no retries, so
 * failures show at once). `routes` replaces the default single catch-all route.
 * Returns Testing Library's result plus the router, whose `state.location` tests may read.
 */
export function renderWithApp(element: ReactElement, { url = '/', routes }: { url?: string; routes?: RouteObject[] } = {}) {
  const router = createMemoryRouter(
    routes ?? [
      {
        path: '*',
        element: (
          <>
            {element}
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <AppProviders client={createQueryClient({ retry: false })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}
