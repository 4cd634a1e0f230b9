import { screen, waitFor } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetCsrfToken } from '@/lib/api-client';
import { makeOffer } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { RecentlyViewed } from '../components/recently-viewed';
import { useRecordView } from './use-record-view';

afterEach(() => resetCsrfToken());

function Page({ offerId }: { offerId: string | undefined }) {
  useRecordView(offerId);
  const [, setTick] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setTick((n) => n + 1)}>
        re-render
      </button>
      <RecentlyViewed />
    </>
  );
}

/** A fake `/api/viewed`: POST records (204), GET answers the recorded offers newest first. */
function mockViewed() {
  const offers = new Map([['5', makeOffer({ id: '5', name: 'Конструктор 5' })]]);
  let ids: string[] = [];
  const posts: { body: unknown; token: string | null }[] = [];
  mockApi({
    '/api/session': { sessid: 'token-1', user: null, settings: {} },
    '/api/viewed': (_url: URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { offerId: string };
        posts.push({ body, token: new Headers(init.headers).get('X-CSRF-Token') });
        ids = [body.offerId, ...ids.filter((id) => id !== body.offerId)];
        return { status: 204, body: null };
      }
      return { items: ids.map((id) => offers.get(id)) };
    },
  });
  return posts;
}

describe('useRecordView', () => {
  it('posts the view once per page opening (StrictMode, re-renders) and refreshes the viewed lists', async () => {
    const posts = mockViewed();
    renderWithApp(
      <StrictMode>
        <Page offerId="5" />
      </StrictMode>,
    );
    // The list was empty when first asked; the recorded view makes it stale and it is asked again.
    expect(await screen.findByRole('link', { name: 'Конструктор 5' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 're-render' }));
    await userEvent.click(screen.getByRole('button', { name: 're-render' }));
    expect(posts).toEqual([{ body: { offerId: '5' }, token: 'token-1' }]);
  });

  it('waits while the offer is unknown', async () => {
    const posts = mockViewed();
    renderWithApp(<Page offerId={undefined} />);
    await waitFor(() => expect(screen.getByTestId('location')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 're-render' }));
    expect(posts).toEqual([]);
  });
});
