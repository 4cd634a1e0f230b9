import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetCsrfToken } from '@/lib/api-client';
import { mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { pageRoutes } from '../router';
import { ReviewsRoute } from './reviews-route';

afterEach(() => resetCsrfToken());

const EMPTY = { items: [], page: 1, perPage: 10, total: 0, ratingValue: null };

describe('the reviews page /reviews/', () => {
  it('is titled "Отзывы — Витрина" with breadcrumbs and a single h1', async () => {
    mockApi({ '/api/reviews': EMPTY });
    renderWithApp(<ReviewsRoute />, { url: '/reviews/' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Отзывы']);
    await waitFor(() => expect(document.title).toBe('Отзывы — Витрина'));
    expect(screen.getByRole('navigation', { name: 'Навигационная цепочка' })).toHaveTextContent('Главная');
  });

  it('is routed at /reviews/', () => {
    const children = pageRoutes;
    expect(children.some((route) => route.path === 'reviews' && typeof route.lazy === 'function')).toBe(true);
  });
});
