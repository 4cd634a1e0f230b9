// What the ServerForm tests share (server-form.test.tsx, server-form-captcha.test.tsx, server-form-sending.test.tsx):
// the mocked form API, the fake clock, the form's fields by their labels, and the checks of a field's message.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { resetCsrfToken } from '@/lib/api-client';
import { makeForm } from '@/test/fixtures';
import { mockApi, type MockAnswer } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import type { ReadyForm } from '../api/forms';
import { ServerForm } from './server-form';

export const CHECK_PATH = '/api/forms/feedback/captcha-check';
export const SUBMIT_PATH = '/api/forms/feedback/submissions';
export const CSRF = 'csrf-token-1';
export const SUCCESS_TEXT = 'Ваше сообщение отправлено. Мы постараемся ответить вам максимально быстро.';
export const ERROR_TEXT = 'Ошибка! Ваше сообщение не отправлено';

/** One POST the form made: its path, JSON body and CSRF header. */
interface Post {
  path: string;
  body: Record<string, unknown>;
  token: string | null;
}

/**
 * Mocks the session and the form's two POST endpoints; `check` and `submit` answer them (a value, or a function of
 * the call's number, starting at 0). Returns the fetch mock and the POSTs seen, in order.
 */
export function mockFormApi({
  check = { valid: true },
  submit = { status: true },
}: { check?: MockAnswer | ((n: number) => MockAnswer); submit?: MockAnswer | ((n: number) => MockAnswer) } = {}) {
  const posts: Post[] = [];
  const answer = (path: string, given: MockAnswer | ((n: number) => MockAnswer), init?: RequestInit) => {
    const n = posts.filter((post) => post.path === path).length;
    posts.push({
      path,
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      token: new Headers(init?.headers).get('X-CSRF-Token'),
    });
    return typeof given === 'function' ? (given as (n: number) => MockAnswer)(n) : given;
  };
  const fetchMock = mockApi({
    '/api/session': { sessid: CSRF, user: null, settings: {} },
    [CHECK_PATH]: (_url: URL, init?: RequestInit) => answer(CHECK_PATH, check, init),
    [SUBMIT_PATH]: (_url: URL, init?: RequestInit) => answer(SUBMIT_PATH, submit, init),
  });
  return {
    fetchMock,
    posts,
    checks: () => posts.filter((post) => post.path === CHECK_PATH),
    submissions: () => posts.filter((post) => post.path === SUBMIT_PATH),
  };
}

/** Lets fake timers run `ms` ahead, then settles what fell due (React updates, the mocked fetch). */
export async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let round = 0; round < 3; round += 1) await act(() => vi.advanceTimersByTimeAsync(0));
}

export function renderForm(form: ReadyForm = makeForm()) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  // Without the location probe, whose <output> would be a second `status`.
  const view = renderWithApp(<></>, {
    url: '/feedback/',
    routes: [{ path: '*', element: <ServerForm form={form} headingLevel={2} /> }],
  });
  return { user, ...view };
}

const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
export const nameInput = () => field('Имя');
export const phoneInput = () => field('Телефон');
export const emailInput = () => field('E-mail');
export const messageInput = () => field('Сообщение');
export const wordInput = () => field('Код с картинки');
export const consentBox = () => screen.getByRole('checkbox', { name: 'Согласен на обработку персональных данных' });
export const submitButton = () => screen.getByRole('button', { name: 'Отправить' });
export const captchaImage = () => screen.getByRole<HTMLImageElement>('img', { name: 'Картинка с кодом из пяти знаков' });

/** Asserts `element` is marked invalid and described by `text`, said through a `role="alert"` message. */
export function expectInvalid(element: HTMLElement, text: string) {
  expect(element).toHaveAttribute('aria-invalid', 'true');
  expect(element).toHaveAccessibleDescription(text);
  const message = document.getElementById(element.getAttribute('aria-describedby')!);
  expect(message).toHaveAttribute('role', 'alert');
  expect(message).toHaveTextContent(text);
}

/** Asserts `element` is marked valid (`aria-invalid="false"`, as every Field's control says) and has no message. */
export function expectValid(element: HTMLElement) {
  expect(element).toHaveAttribute('aria-invalid', 'false');
  expect(element).not.toHaveAttribute('aria-describedby');
  expect(element).toHaveAccessibleDescription('');
}

/** Fills every field of {@link makeForm} correctly, types the captcha word and ticks the consent box. */
export async function fillAll(user: ReturnType<typeof userEvent.setup>, word = 'x7k2p') {
  await user.type(nameInput(), 'Иван');
  await user.type(phoneInput(), '+7 912 345-67-89');
  await user.type(emailInput(), 'ivan@example.ru');
  await user.type(messageInput(), 'Перезвоните мне');
  await user.type(wordInput(), word);
  await user.click(consentBox());
}

/**
 * Runs each test of the calling file on Vitest's fake clock (the captcha check's delay), and forgets the CSRF token
 * after it. Call it once at the top of a test file.
 */
export function runOnFakeFormClock() {
  beforeEach(() => {
    vi.useFakeTimers();
    // Testing Library's async wrapper (around every user-event call) advances fake timers only when it sees Jest's;
    // point it at Vitest's (see search-box.test.tsx).
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });

  afterEach(() => {
    resetCsrfToken();
    vi.useRealTimers();
  });
}
