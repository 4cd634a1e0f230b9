import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetOverlayStackForTests } from '@/components/ui/overlay/overlay-stack';
import { resetCsrfToken } from '@/lib/api-client';
import { makeForm } from '@/test/fixtures';
import { mockApi, requestedUrls, type MockAnswer } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { CallbackButton } from './callback-button';

const FORM_PATH = '/api/forms/callback';

/** The seeded callback form (its captcha comes from `POST …/captcha`). */
function callbackForm() {
  return makeForm({ code: 'callback', title: 'Заказать звонок', submitText: 'Жду звонка', captcha: undefined });
}

/**
 * Mocks `GET /api/forms/callback` with `answer` (given the call's number, from 1), and its captchas: each
 * `POST /api/forms/callback/captcha` makes a new one (`sid-1`, `sid-2`, …).
 */
function mockForm(answer: (n: number) => MockAnswer = callbackForm) {
  let calls = 0;
  let captchas = 0;
  const fetchMock = mockApi({
    '/api/session': { sessid: 'c'.repeat(64), user: null, settings: {} },
    [FORM_PATH]: () => answer(++calls),
    [`${FORM_PATH}/captcha`]: () => {
      captchas += 1;
      return { status: 201, body: { sid: `sid-${captchas}`, imageUrl: `/api/captcha/sid-${captchas}` } };
    },
  });
  return { fetchMock, formLoads: () => requestedUrls(fetchMock).filter((url) => url.pathname === FORM_PATH).length };
}

function renderButton() {
  // Radix sets `pointer-events: none` on the body while a modal is open.
  const user = userEvent.setup({
    pointerEventsCheck: 0,
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  const view = renderWithApp(<CallbackButton />, { url: '/catalog/' });
  return { user, ...view };
}

// `hidden`: while the modal is open, Radix hides the rest of the page (the opener too) from assistive technology.
const openButton = () => screen.getByRole('button', { name: 'Заказать звонок', hidden: true });

/**
 * Fake timers for the tests that wait out TanStack's retry back-off (1 s, then 2 s); Testing Library's async helpers
 * advance them once they see Jest's (see search-box.test.tsx).
 */
function useFakeTimers() {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}

const SERVER_ERROR = { status: 500, body: { errors: [{ code: 'INTERNAL', field: null, detail: '' }] } };

afterEach(() => {
  resetOverlayStackForTests();
  resetCsrfToken();
  vi.useRealTimers();
});

describe('CallbackButton', () => {
  it('loads the callback form only when opened, in a modal dialog titled "Заказать звонок"', async () => {
    const api = mockForm();
    const { user } = renderButton();
    expect(openButton()).toHaveAttribute('aria-haspopup', 'dialog');
    expect(openButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Nothing is fetched for the closed panel, not even later.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.fetchMock).not.toHaveBeenCalled();

    await user.click(openButton());
    const dialog = screen.getByRole('dialog', { name: 'Заказать звонок' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(openButton()).toHaveAttribute('aria-expanded', 'true');

    const name = await within(dialog).findByRole('textbox', { name: 'Имя' });
    expect(name).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Жду звонка' })).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Картинка с кодом из пяти знаков' })).toHaveAttribute(
      'src',
      '/api/captcha/sid-1',
    );
    // The panel's title names the form; the form adds no second heading.
    expect(within(dialog).getAllByRole('heading')).toHaveLength(1);
    expect(api.formLoads()).toBe(1);
  });

  it("titles the dialog with the form's own title once it has loaded", async () => {
    mockForm(() => ({ ...callbackForm(), title: 'Перезвоним за 5 минут' }));
    const { user } = renderButton();
    await user.click(openButton());
    expect(await screen.findByRole('dialog', { name: 'Перезвоним за 5 минут' })).toBeInTheDocument();
  });

  it.each([
    ['an answer without fields', () => ({ ...callbackForm(), fields: [] })],
    ['an answer without a title', () => ({ ...callbackForm(), title: undefined })],
    ['a 404 answer', () => ({ status: 404, body: { errors: [{ code: 'FORM_NOT_FOUND', field: null, detail: '' }] } })],
  ])('%s shows "Возникла неопределенная ошибка" in the panel', async (_name, answer) => {
    mockForm(answer);
    const { user } = renderButton();
    await user.click(openButton());
    const dialog = screen.getByRole('dialog', { name: 'Заказать звонок' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Возникла неопределенная ошибка');
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('closing and reopening loads the form again, with a fresh captcha', async () => {
    const api = mockForm();
    const { user } = renderButton();
    await user.click(openButton());
    let dialog = screen.getByRole('dialog', { name: 'Заказать звонок' });
    expect(await within(dialog).findByRole('img', { name: 'Картинка с кодом из пяти знаков' })).toHaveAttribute(
      'src',
      '/api/captcha/sid-1',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Код с картинки' }), 'abc');

    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(openButton()).toHaveFocus();
    expect(openButton()).toHaveAttribute('aria-expanded', 'false');
    expect(api.formLoads()).toBe(1);

    await user.click(openButton());
    dialog = screen.getByRole('dialog', { name: 'Заказать звонок' });
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: 'Картинка с кодом из пяти знаков' })).toHaveAttribute(
        'src',
        '/api/captcha/sid-2',
      ),
    );
    expect(api.formLoads()).toBe(2);
    // The used-up picture's word is gone with it.
    expect(within(dialog).getByRole('textbox', { name: 'Код с картинки' })).toHaveValue('');
  });

  it('a 5xx answer is retried twice, then the panel shows "Возникла неопределенная ошибка"', async () => {
    useFakeTimers();
    const api = mockForm(() => SERVER_ERROR);
    const { user } = renderButton();
    await user.click(openButton());
    const dialog = screen.getByRole('dialog', { name: 'Заказать звонок' });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Возникла неопределенная ошибка');
    expect(api.formLoads()).toBe(3);
  });

  it('a failed load is tried again on the next opening', async () => {
    useFakeTimers();
    const api = mockForm((n) => (n <= 3 ? SERVER_ERROR : callbackForm()));
    const { user } = renderButton();
    await user.click(openButton());
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Возникла неопределенная ошибка');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The form's code loads as a chunk of its own, with real promises.
    vi.useRealTimers();

    await user.click(openButton());
    const dialog = screen.getByRole('dialog', { name: 'Заказать звонок' });
    expect(await within(dialog).findByRole('textbox', { name: 'Имя' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.formLoads()).toBe(4);
  });

  it('navigating to another page closes the panel', async () => {
    mockForm();
    const { user, router } = renderButton();
    await user.click(openButton());
    expect(screen.getByRole('dialog', { name: 'Заказать звонок' })).toBeInTheDocument();
    await act(() => router.navigate('/catalog/konstruktory/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
