import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/config/paths';
import { makeForm } from '@/test/fixtures';
import { mockApi, requestedUrls, type MockAnswer } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { FeedbackRoute } from './feedback-route';

const shop = { name: 'Тестовый магазин', company: null, url: null, currencyId: 'RUB', offerCount: 1, sectionCount: 1 };
const NOT_FOUND = { status: 404, body: { errors: [{ code: 'FORM_NOT_FOUND', field: null, detail: '' }] } };

/** Mocks the shop and `GET /api/forms/feedback` (answered by the call's number, from 1). */
function mockFeedback(answer: (n: number) => MockAnswer) {
  let calls = 0;
  const fetchMock = mockApi({
    '/api/shop': shop,
    '/api/session': { sessid: 'c'.repeat(64), user: null, settings: {} },
    '/api/forms/feedback': () => answer(++calls),
    '/api/forms/feedback/captcha': { status: 201, body: { sid: 'sid-1', imageUrl: '/api/captcha/sid-1' } },
  });
  return { formLoads: () => requestedUrls(fetchMock).filter((url) => url.pathname === '/api/forms/feedback').length };
}

function renderPage() {
  return renderWithApp(<></>, {
    url: '/feedback/',
    routes: [{ path: routePatterns.feedback, Component: FeedbackRoute }],
  });
}

describe('FeedbackRoute', () => {
  it("shows the form's title as the page heading, the breadcrumbs and the form", async () => {
    mockFeedback(() => makeForm({ title: 'Напишите нам' }));
    renderPage();
    expect(await screen.findByRole('textbox', { name: 'Имя' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Напишите нам' })).toBeInTheDocument();
    // The page heading names the form: no second heading.
    expect(screen.getAllByRole('heading')).toHaveLength(1);
    const crumbs = screen.getByRole('navigation', { name: 'Навигационная цепочка' });
    expect(within(crumbs).getByRole('link', { name: 'Главная' })).toHaveAttribute('href', '/');
    expect(crumbs).toHaveTextContent('Напишите нам');
    await waitFor(() => expect(document.title).toMatch(/^Напишите нам/));
    expect(screen.getByRole('button', { name: 'Отправить' })).toBeInTheDocument();
  });

  it.each([
    ['a 404 answer', () => NOT_FOUND],
    ['an answer without fields', () => makeForm({ fields: [] })],
  ])('%s shows the error state under "Обратная связь"; "Повторить" loads the form again', async (_name, first) => {
    const api = mockFeedback((n) => (n === 1 ? first() : makeForm()));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Что-то пошло не так');
    expect(screen.getByRole('heading', { level: 1, name: 'Обратная связь' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('textbox', { name: 'Имя' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.formLoads()).toBe(2);
  });
});
