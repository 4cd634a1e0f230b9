import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_CHECK_DELAY_MS } from '@/config/constants';
import { resetCsrfToken } from '@/lib/api-client';
import { makeForm, makeFormField } from '@/test/fixtures';
import { mockApi, type MockAnswer } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import type { ReadyForm } from '../api/forms';
import { ServerForm } from './server-form';

const CHECK_PATH = '/api/forms/feedback/captcha-check';
const SUBMIT_PATH = '/api/forms/feedback/submissions';
const CSRF = 'csrf-token-1';
const SUCCESS_TEXT = 'Ваше сообщение отправлено. Мы постараемся ответить вам максимально быстро.';
const ERROR_TEXT = 'Ошибка! Ваше сообщение не отправлено';

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
function mockFormApi({
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
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let round = 0; round < 3; round += 1) await act(() => vi.advanceTimersByTimeAsync(0));
}

function renderForm(form: ReadyForm = makeForm()) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  // Without the location probe, whose <output> would be a second `status`.
  const view = renderWithApp(<></>, {
    url: '/feedback/',
    routes: [{ path: '*', element: <ServerForm form={form} headingLevel={2} /> }],
  });
  return { user, ...view };
}

const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const nameInput = () => field('Имя');
const phoneInput = () => field('Телефон');
const emailInput = () => field('E-mail');
const messageInput = () => field('Сообщение');
const wordInput = () => field('Код с картинки');
const consentBox = () => screen.getByRole('checkbox', { name: 'Согласен на обработку персональных данных' });
const submitButton = () => screen.getByRole('button', { name: 'Отправить' });
const captchaImage = () => screen.getByRole<HTMLImageElement>('img', { name: 'Картинка с кодом из пяти знаков' });

/** Asserts `element` is marked invalid and described by `text`, said through a `role="alert"` message. */
function expectInvalid(element: HTMLElement, text: string) {
  expect(element).toHaveAttribute('aria-invalid', 'true');
  expect(element).toHaveAccessibleDescription(text);
  const message = document.getElementById(element.getAttribute('aria-describedby')!);
  expect(message).toHaveAttribute('role', 'alert');
  expect(message).toHaveTextContent(text);
}

/** Asserts `element` is marked valid (`aria-invalid="false"`, as every Field's control says) and has no message. */
function expectValid(element: HTMLElement) {
  expect(element).toHaveAttribute('aria-invalid', 'false');
  expect(element).not.toHaveAttribute('aria-describedby');
  expect(element).toHaveAccessibleDescription('');
}

/** Fills every field of {@link makeForm} correctly, types the captcha word and ticks the consent box. */
async function fillAll(user: ReturnType<typeof userEvent.setup>, word = 'x7k2p') {
  await user.type(nameInput(), 'Иван');
  await user.type(phoneInput(), '+7 912 345-67-89');
  await user.type(emailInput(), 'ivan@example.ru');
  await user.type(messageInput(), 'Перезвоните мне');
  await user.type(wordInput(), word);
  await user.click(consentBox());
}

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

describe('ServerForm: what it shows', () => {
  it('renders the title, description, every visible field with its label, the captcha and the consent link', () => {
    mockFormApi();
    renderForm(makeForm({ description: 'Ответим в течение дня' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Обратная связь' })).toBeInTheDocument();
    expect(screen.getByText('Ответим в течение дня')).toBeInTheDocument();
    for (const input of [nameInput(), phoneInput(), messageInput(), wordInput(), consentBox()]) {
      expect(input).toHaveAttribute('aria-required', 'true');
    }
    expect(emailInput()).not.toHaveAttribute('aria-required');
    expect(phoneInput()).toHaveAttribute('type', 'tel');
    expect(emailInput()).toHaveAttribute('type', 'email');
    expect(messageInput().tagName).toBe('TEXTAREA');
    // The hidden field is in the form, not on screen.
    expect(screen.queryByRole('textbox', { name: 'Товар' })).not.toBeInTheDocument();
    expect(document.querySelector('input[type="hidden"][name="PRODUCT"]')).toHaveValue('Конструктор 11143');
    expect(captchaImage()).toHaveAttribute('src', '/api/captcha/sid-1');
    const link = screen.getByRole('link', { name: 'Условия обработки персональных данных' });
    expect(link).toHaveAttribute('href', '/privacy/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(submitButton()).toBeEnabled();
  });

  it('shows no consent link without consentUrl, and neither consent nor captcha when the form uses none', () => {
    mockFormApi();
    const { unmount } = renderForm(makeForm({ consentUrl: null }));
    expect(consentBox()).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    unmount();

    renderForm(makeForm({ useConsent: false, consentText: null, consentUrl: null, useCaptcha: false, captcha: null }));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Код с картинки' })).not.toBeInTheDocument();
  });

  it("prefills the fields from the answer's values", () => {
    mockFormApi();
    renderForm(makeForm({ values: { NAME: 'Пётр', EMAIL: 'petr@example.ru' } }));
    expect(nameInput()).toHaveValue('Пётр');
    expect(emailInput()).toHaveValue('petr@example.ru');
    expect(phoneInput()).toHaveValue('');
  });
});

describe('ServerForm: checks in the browser', () => {
  it('submitting an empty form marks every required field, focuses the first and sends nothing', async () => {
    const api = mockFormApi();
    const { user } = renderForm();
    await user.click(submitButton());

    for (const input of [nameInput(), phoneInput(), messageInput(), wordInput()]) expectInvalid(input, 'Заполните поле');
    expectInvalid(consentBox(), 'Согласитесь с условиями');
    expectValid(emailInput());
    expect(screen.getAllByRole('alert')).toHaveLength(5);
    expect(screen.queryByText(ERROR_TEXT)).not.toBeInTheDocument();
    expect(nameInput()).toHaveFocus();

    await advance(CAPTCHA_CHECK_DELAY_MS * 2);
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(submitButton()).toBeInTheDocument();
  });

  it('focuses the first invalid field in the order of the form', async () => {
    const api = mockFormApi();
    const { user } = renderForm();
    await user.type(nameInput(), 'Иван');
    await user.type(phoneInput(), '+7 912 345-67-89');
    await user.type(emailInput(), 'ivan@');
    await user.click(submitButton());
    expect(emailInput()).toHaveFocus();
    expectInvalid(emailInput(), 'Некорректный адрес электронной почты');
    expectValid(nameInput());
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('a field shows its message when it loses focus, and fixing the value removes it at once', async () => {
    const api = mockFormApi();
    const { user } = renderForm();

    await user.click(nameInput());
    await user.tab();
    expectInvalid(nameInput(), 'Заполните поле');
    // Only the field that lost focus is checked.
    expectValid(phoneInput());
    expectValid(messageInput());
    await user.type(nameInput(), 'Иван');
    expectValid(nameInput());

    await user.type(emailInput(), 'ivan@');
    // No message while typing: it waits for the blur.
    expectValid(emailInput());
    await user.tab();
    expectInvalid(emailInput(), 'Некорректный адрес электронной почты');
    await user.type(emailInput(), 'example.ru');
    expectValid(emailInput());

    await user.type(phoneInput(), '8 912 ABC');
    await user.tab();
    expectInvalid(phoneInput(), 'Некорректный номер телефона');
    await user.clear(phoneInput());
    // Still wrong, in a different way: the message follows the value.
    expectInvalid(phoneInput(), 'Заполните поле');
    await user.type(phoneInput(), '8 912 345-67-89');
    expectValid(phoneInput());

    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('ticking the consent box removes its message', async () => {
    mockFormApi();
    const { user } = renderForm();
    await user.click(submitButton());
    expectInvalid(consentBox(), 'Согласитесь с условиями');
    await user.click(consentBox());
    expectValid(consentBox());
  });

  it('a required checkbox field must be ticked and is sent as Y', async () => {
    const api = mockFormApi();
    const form = makeForm({
      useCaptcha: false,
      captcha: null,
      useConsent: false,
      fields: [
        makeFormField('AGREE', { label: 'Я не робот', type: 'checkbox' }),
        makeFormField('NEWS', { label: 'Новости', type: 'checkbox', required: 'N' }),
      ],
    });
    const { user } = renderForm(form);
    const agree = screen.getByRole('checkbox', { name: 'Я не робот' });
    await user.click(submitButton());
    expectInvalid(agree, 'Заполните поле');
    expect(agree).toHaveFocus();
    expect(api.fetchMock).not.toHaveBeenCalled();

    await user.click(agree);
    expectValid(agree);
    await user.click(submitButton());
    await advance(0);
    expect(api.submissions()).toHaveLength(1);
    expect(api.submissions()[0]!.body).toEqual({ AGREE: 'Y', NEWS: 'N', SOURCE_URL: window.location.href });
  });
});

describe('ServerForm: captcha word check', () => {
  it(`asks the server once, ${CAPTCHA_CHECK_DELAY_MS} ms after the last keystroke, and shows "Неверный код"`, async () => {
    const api = mockFormApi({ check: { valid: false } });
    const { user } = renderForm();

    await user.type(wordInput(), 'ab');
    await advance(CAPTCHA_CHECK_DELAY_MS - 1);
    expect(api.checks()).toHaveLength(0);
    await user.type(wordInput(), 'c');
    // The first keystrokes' delay has passed by now; only the last keystroke counts.
    await advance(CAPTCHA_CHECK_DELAY_MS - 1);
    expect(api.checks()).toHaveLength(0);
    expect(api.fetchMock).not.toHaveBeenCalled();

    await advance(1);
    expect(api.checks()).toEqual([{ path: CHECK_PATH, body: { sid: 'sid-1', word: 'abc' }, token: CSRF }]);
    expectInvalid(wordInput(), 'Неверный код');

    await advance(CAPTCHA_CHECK_DELAY_MS * 3);
    expect(api.checks()).toHaveLength(1);

    // Typing again clears the message until the next answer.
    await user.type(wordInput(), 'd');
    expectValid(wordInput());
    await advance(CAPTCHA_CHECK_DELAY_MS);
    expect(api.checks()).toHaveLength(2);
    expect(api.checks()[1]!.body).toEqual({ sid: 'sid-1', word: 'abcd' });
    expectInvalid(wordInput(), 'Неверный код');
  });

  it('a right word shows no message; spaces alone are not checked', async () => {
    const api = mockFormApi({ check: { valid: true } });
    const { user } = renderForm();
    await user.type(wordInput(), '   ');
    await advance(CAPTCHA_CHECK_DELAY_MS * 2);
    expect(api.checks()).toHaveLength(0);

    await user.type(wordInput(), ' x7k2p ');
    await advance(CAPTCHA_CHECK_DELAY_MS);
    expect(api.checks()).toHaveLength(1);
    expect(api.checks()[0]!.body).toEqual({ sid: 'sid-1', word: 'x7k2p' });
    expectValid(wordInput());
  });

  it('a word the server called wrong blocks the submission', async () => {
    const api = mockFormApi({ check: { valid: false } });
    const { user } = renderForm();
    await fillAll(user);
    await advance(CAPTCHA_CHECK_DELAY_MS);
    expectInvalid(wordInput(), 'Неверный код');
    await user.click(submitButton());
    await advance(0);
    expect(wordInput()).toHaveFocus();
    expectInvalid(wordInput(), 'Неверный код');
    expect(api.submissions()).toHaveLength(0);
  });

  it('"another picture" reloads the image and clears the word and its message', async () => {
    mockFormApi({ check: { valid: false } });
    const { user } = renderForm();
    await user.type(wordInput(), 'abc');
    await advance(CAPTCHA_CHECK_DELAY_MS);
    expectInvalid(wordInput(), 'Неверный код');
    await user.click(screen.getByRole('button', { name: 'Показать другую картинку' }));
    expect(captchaImage()).toHaveAttribute('src', '/api/captcha/sid-1?v=1');
    expect(wordInput()).toHaveValue('');
    expectValid(wordInput());
  });
});

describe('ServerForm: sending', () => {
  it('sends every field, SOURCE_URL, consent and captcha with the CSRF token, then shows the success alert instead of the form', async () => {
    const api = mockFormApi();
    const { user } = renderForm();
    await fillAll(user);
    await advance(CAPTCHA_CHECK_DELAY_MS);
    expect(api.checks()).toHaveLength(1);

    await user.click(submitButton());
    await advance(0);
    expect(api.submissions()).toEqual([
      {
        path: SUBMIT_PATH,
        token: CSRF,
        body: {
          NAME: 'Иван',
          PHONE: '+7 912 345-67-89',
          EMAIL: 'ivan@example.ru',
          MESSAGE: 'Перезвоните мне',
          PRODUCT: 'Конструктор 11143',
          SOURCE_URL: window.location.href,
          USER_CONSENT: 'Y',
          USER_CONSENT_URL: '/privacy/',
          CAPTCHA_SID: 'sid-1',
          CAPTCHA_WORD: 'x7k2p',
        },
      },
    ]);
    expect(window.location.href).toMatch(/^http/);

    const success = screen.getByRole('status');
    expect(success).toHaveTextContent(SUCCESS_TEXT);
    expect(success.parentElement).toHaveFocus();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отправить' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the form's own success text when it has one", async () => {
    mockFormApi();
    const { user } = renderForm(makeForm({ successText: 'Спасибо! Перезвоним в течение часа.' }));
    await fillAll(user);
    await user.click(submitButton());
    await advance(0);
    expect(screen.getByRole('status')).toHaveTextContent('Спасибо! Перезвоним в течение часа.');
    expect(screen.queryByText(SUCCESS_TEXT)).not.toBeInTheDocument();
  });

  it('a word typed just before sending is not checked after the form has gone', async () => {
    const api = mockFormApi();
    const { user } = renderForm();
    await fillAll(user);
    // Sent at once, before the check's delay ran out.
    await user.click(submitButton());
    await advance(0);
    expect(api.submissions()).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent(SUCCESS_TEXT);
    await advance(CAPTCHA_CHECK_DELAY_MS * 2);
    expect(api.checks()).toHaveLength(0);
  });

  it('shows "Отправляем…" on a disabled button while sending, and sends once however often it is pressed', async () => {
    let release: (() => void) | undefined;
    const posts: string[] = [];
    const fetchMock = mockApi({
      '/api/session': { sessid: CSRF, user: null, settings: {} },
      [CHECK_PATH]: { valid: true },
    });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path !== SUBMIT_PATH) return answer(input, init);
      posts.push(path);
      await new Promise<void>((resolve) => (release = resolve));
      return new Response(JSON.stringify({ status: true }), { status: 200 });
    });
    const { user } = renderForm();
    await fillAll(user);
    const button = submitButton();
    await user.click(button);
    await advance(0);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Отправляем…');
    expect(screen.getByRole('button', { name: 'Отправляем…' }).closest('form')).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    await user.keyboard('{Enter}');
    await advance(0);
    expect(posts).toHaveLength(1);
    await act(async () => release!());
    await advance(0);
    expect(screen.getByRole('status')).toHaveTextContent(SUCCESS_TEXT);
  });

  it('a 422 answer: the error alert, field errors on their fields, the new captcha and an empty word; typed values stay', async () => {
    const api = mockFormApi({
      submit: (n: number) =>
        n === 0
          ? {
              status: 422,
              body: {
                status: false,
                errors: [
                  { code: 'FORMS_EMAIL_INVALID', field: 'EMAIL', detail: 'no such domain' },
                  { code: 'FORMS_CAPTCHA_WRONG', field: 'CAPTCHA_WORD', detail: 'wrong word' },
                ],
                captcha: { sid: 'sid-2', imageUrl: '/api/captcha/sid-2' },
              },
            }
          : { status: true },
    });
    const { user } = renderForm();
    await fillAll(user);
    await user.click(submitButton());
    await advance(0);

    const alert = screen.getByText(ERROR_TEXT).closest('[role="alert"]');
    expect(alert).toBeInTheDocument();
    expectInvalid(emailInput(), 'Некорректный адрес электронной почты');
    expectInvalid(wordInput(), 'Неверный код');
    expect(captchaImage()).toHaveAttribute('src', '/api/captcha/sid-2');
    expect(wordInput()).toHaveValue('');
    expect(nameInput()).toHaveValue('Иван');
    expect(phoneInput()).toHaveValue('+7 912 345-67-89');
    expect(emailInput()).toHaveValue('ivan@example.ru');
    expect(messageInput()).toHaveValue('Перезвоните мне');
    expect(consentBox()).toBeChecked();
    expect(submitButton()).toBeEnabled();
    expectValid(nameInput());

    // The next attempt uses the new captcha.
    await user.clear(emailInput());
    await user.type(emailInput(), 'ivan@example.com');
    expectValid(emailInput());
    await user.type(wordInput(), 'q9w8e');
    expectValid(wordInput());
    await user.click(submitButton());
    await advance(0);
    expect(api.submissions()).toHaveLength(2);
    expect(api.submissions()[1]!.body).toMatchObject({
      EMAIL: 'ivan@example.com',
      CAPTCHA_SID: 'sid-2',
      CAPTCHA_WORD: 'q9w8e',
    });
    expect(screen.getByRole('status')).toHaveTextContent(SUCCESS_TEXT);
    expect(screen.queryByText(ERROR_TEXT)).not.toBeInTheDocument();
  });

  it('a 422 answer with a new captcha but no captcha error leaves the word field without a message', async () => {
    mockFormApi({
      submit: {
        status: 422,
        body: {
          status: false,
          errors: [{ code: 'FORMS_PHONE_INVALID', field: 'PHONE', detail: '' }],
          captcha: { sid: 'sid-2', imageUrl: '/api/captcha/sid-2' },
        },
      },
    });
    const { user } = renderForm();
    await fillAll(user);
    await user.click(submitButton());
    await advance(0);
    expect(screen.getByText(ERROR_TEXT)).toBeInTheDocument();
    expectInvalid(phoneInput(), 'Некорректный номер телефона');
    expect(wordInput()).toHaveValue('');
    expectValid(wordInput());
    expect(captchaImage()).toHaveAttribute('src', '/api/captcha/sid-2');
  });

  it.each([
    ['a 500 answer', { status: 500, body: { errors: [{ code: 'INTERNAL', field: null, detail: 'boom' }] } }],
    ['an answer that is not JSON', { status: 502, body: null }],
  ])('%s shows the error alert and keeps the form, its values and its captcha', async (_name, answer) => {
    const api = mockFormApi({ submit: answer });
    const { user } = renderForm();
    await fillAll(user);
    await user.click(submitButton());
    await advance(0);
    expect(api.submissions()).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(ERROR_TEXT);
    expect(screen.getByRole('alert')).not.toHaveTextContent('Слишком много попыток');
    expect(nameInput()).toHaveValue('Иван');
    expect(messageInput()).toHaveValue('Перезвоните мне');
    expect(wordInput()).toHaveValue('x7k2p');
    expect(captchaImage()).toHaveAttribute('src', '/api/captcha/sid-1');
    expect(submitButton()).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a network failure shows the error alert and keeps the form; sending again works', async () => {
    let failing = true;
    const api = mockFormApi({
      submit: () => {
        if (failing) throw new TypeError('Failed to fetch');
        return { status: true };
      },
    });
    const { user } = renderForm();
    await fillAll(user);
    await user.click(submitButton());
    await advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent(ERROR_TEXT);
    expect(nameInput()).toHaveValue('Иван');
    expect(submitButton()).toBeEnabled();

    failing = false;
    await user.click(submitButton());
    await advance(0);
    expect(api.submissions()).toHaveLength(2);
    expect(api.submissions()[1]!.body).toEqual(api.submissions()[0]!.body);
    expect(screen.getByRole('status')).toHaveTextContent(SUCCESS_TEXT);
  });

  it('a 429 RATE_LIMITED answer adds the "try later" hint to the error alert', async () => {
    mockFormApi({ submit: { status: 429, body: { errors: [{ code: 'RATE_LIMITED', field: null, detail: '' }] } } });
    const { user } = renderForm();
    await fillAll(user);
    await user.click(submitButton());
    await advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent(`${ERROR_TEXT} Слишком много попыток: попробуйте через минуту.`);
    expect(nameInput()).toHaveValue('Иван');
  });

  it('sends neither consent nor captcha codes when the form uses none, and no USER_CONSENT_URL without a link', async () => {
    const api = mockFormApi();
    const { user, unmount } = renderForm(
      makeForm({ useConsent: false, consentText: null, consentUrl: null, useCaptcha: false, captcha: null }),
    );
    await user.type(nameInput(), 'Иван');
    await user.type(phoneInput(), '89123456789');
    await user.type(messageInput(), 'Текст');
    await user.click(submitButton());
    await advance(0);
    expect(api.submissions()[0]!.body).toEqual({
      NAME: 'Иван',
      PHONE: '89123456789',
      EMAIL: '',
      MESSAGE: 'Текст',
      PRODUCT: 'Конструктор 11143',
      SOURCE_URL: window.location.href,
    });
    unmount();

    renderForm(makeForm({ consentUrl: null, useCaptcha: false, captcha: null }));
    await user.type(nameInput(), 'Иван');
    await user.type(phoneInput(), '89123456789');
    await user.type(messageInput(), 'Текст');
    await user.click(consentBox());
    await user.click(submitButton());
    await advance(0);
    const body = api.submissions()[1]!.body;
    expect(body.USER_CONSENT).toBe('Y');
    expect(body).not.toHaveProperty('USER_CONSENT_URL');
    expect(body).not.toHaveProperty('CAPTCHA_SID');
  });

  it("sends a hidden field's prefilled value over its default", async () => {
    const api = mockFormApi();
    const { user } = renderForm(makeForm({ values: { PRODUCT: 'Пазл 2002' } }));
    await fillAll(user);
    await user.click(submitButton());
    await advance(0);
    expect(api.submissions()[0]!.body.PRODUCT).toBe('Пазл 2002');
  });
});

describe('ServerForm with the phone mask', () => {
  beforeEach(() => {
    // intl-tel-input loads its utils chunk with real promises and timers.
    vi.useRealTimers();
  });

  it('checks the masked phone for its country and sends PHONE as the spec object', async () => {
    const api = mockFormApi();
    const form = makeForm({ phoneMask: true, useCaptcha: false, captcha: null, useConsent: false });
    const user = userEvent.setup();
    renderWithApp(<></>, { url: '/feedback/', routes: [{ path: '*', element: <ServerForm form={form} /> }] });
    const phone = phoneInput();
    await waitFor(() => expect(phone.placeholder).toBe('912 345-67-89'));

    await user.type(nameInput(), 'Иван');
    await user.type(messageInput(), 'Текст');
    await user.type(phone, '912345');
    await user.tab();
    expectInvalid(phone, 'Неправильный номер');
    await user.click(submitButton());
    expect(phone).toHaveFocus();
    expect(api.submissions()).toHaveLength(0);

    await user.type(phone, '6789');
    expectValid(phone);
    await user.click(submitButton());
    await waitFor(() => expect(api.submissions()).toHaveLength(1));
    expect(api.submissions()[0]!.body.PHONE).toEqual({
      COUNTRY: { iso2: 'ru', dialCode: '7', name: 'Россия' },
      VALUE: '912 345-67-89',
      FULL_VALUE: '+7 912 345-67-89',
    });
    expect(await screen.findByRole('status')).toHaveTextContent(SUCCESS_TEXT);
  });
});
