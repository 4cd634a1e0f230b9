import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetOverlayStackForTests } from '@/components/ui/overlay/overlay-stack';
import { resetCsrfToken } from '@/lib/api-client';
import { mockApi, type MockAnswer } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { closeLoginPanel } from '../hooks/login-panel';
import { UserWidget } from './user-widget';

const USER = { id: 1, email: 'ivan@example.ru', name: 'Иван', phone: null, phoneCountry: null };

/** A fake server: the session's user changes with log-in and log-out. */
function mockAccounts(loginAnswer: (body: Record<string, unknown>) => MockAnswer = () => ({ user: USER })) {
  let user: typeof USER | null = null;
  const requests: { path: string; body: unknown }[] = [];
  const fetchMock = mockApi({
    '/api/session': () => ({ sessid: 'token', user, settings: {} }),
    '/api/auth/login': (_url: URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      requests.push({ path: '/api/auth/login', body });
      const answer = loginAnswer(body);
      if (answer && typeof answer === 'object' && 'user' in answer) user = USER;
      return answer;
    },
    '/api/auth/logout': () => {
      user = null;
      return { status: 204, body: null };
    },
  });
  return { fetchMock, requests };
}

function renderWidget() {
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  renderWithApp(
    <>
      <UserWidget />
      <p>Снаружи</p>
    </>,
    { url: '/catalog/' },
  );
  return user;
}

afterEach(() => {
  resetOverlayStackForTests();
  resetCsrfToken();
  closeLoginPanel();
});

describe('UserWidget', () => {
  it('opens the login panel "Вход в личный кабинет" for a guest and logs in, staying on the page', async () => {
    const api = mockAccounts();
    const user = renderWidget();
    await user.click(await screen.findByRole('button', { name: 'Личный кабинет: войти' }));
    const dialog = screen.getByRole('dialog', { name: 'Вход в личный кабинет' });
    await user.type(await within(dialog).findByLabelText('E-mail'), 'ivan@example.ru');
    await user.type(within(dialog).getByLabelText('Пароль'), 'secret-password');
    await user.click(within(dialog).getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requests[0]!.body).toEqual({ email: 'ivan@example.ru', password: 'secret-password', remember: true });
    expect(await screen.findByRole('button', { name: 'Меню пользователя Иван' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/catalog/');
  });

  it('says "Неверный e-mail или пароль" when the server refuses, and names empty fields', async () => {
    mockAccounts(() => ({ status: 401, body: { errors: [{ code: 'AUTH_INVALID_CREDENTIALS', field: null, detail: '' }] } }));
    const user = renderWidget();
    await user.click(await screen.findByRole('button', { name: 'Личный кабинет: войти' }));
    const dialog = screen.getByRole('dialog', { name: 'Вход в личный кабинет' });
    await user.click(await within(dialog).findByRole('button', { name: 'Войти' }));
    expect(within(dialog).getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText('E-mail'), 'ivan@example.ru');
    await user.type(within(dialog).getByLabelText('Пароль'), 'wrong-password');
    await user.click(within(dialog).getByRole('button', { name: 'Войти' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Неверный e-mail или пароль.');
  });

  it('switches the panel to registration and to the password reset', async () => {
    mockAccounts();
    const user = renderWidget();
    await user.click(await screen.findByRole('button', { name: 'Личный кабинет: войти' }));
    // The forms are a chunk of their own, loaded on the panel's first opening.
    await user.click(await screen.findByRole('button', { name: 'Регистрация' }));
    expect(screen.getByRole('dialog', { name: 'Регистрация' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(screen.getByLabelText(/^Новый пароль/)).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'У меня есть аккаунт: войти' }));
    await user.click(screen.getByRole('button', { name: 'Забыли пароль?' }));
    expect(screen.getByRole('dialog', { name: 'Восстановление пароля' })).toBeInTheDocument();
  });

  it('toggles the user menu of a logged-in user; an outside click and Escape close it; "Выйти" logs out', async () => {
    mockAccounts();
    const user = renderWidget();
    await user.click(await screen.findByRole('button', { name: 'Личный кабинет: войти' }));
    const dialog = screen.getByRole('dialog', { name: 'Вход в личный кабинет' });
    await user.type(await within(dialog).findByLabelText('E-mail'), 'ivan@example.ru');
    await user.type(within(dialog).getByLabelText('Пароль'), 'secret-password');
    await user.click(within(dialog).getByRole('button', { name: 'Войти' }));
    const trigger = await screen.findByRole('button', { name: 'Меню пользователя Иван' });

    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    for (const name of ['Личный кабинет', 'Мои заказы', 'Избранное', 'Выйти']) {
      expect(within(menu).getByRole('menuitem', { name })).toBeInTheDocument();
    }
    await user.click(screen.getByText('Снаружи'));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await user.click(trigger);
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.click(trigger);
    await user.click(await screen.findByRole('menuitem', { name: 'Выйти' }));
    expect(await screen.findByRole('button', { name: 'Личный кабинет: войти' })).toBeInTheDocument();
  });
});
