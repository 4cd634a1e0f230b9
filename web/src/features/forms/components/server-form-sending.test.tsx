// ServerForm (issue 5; spec §3, §8): sending a form and every answer: success, the server's field errors with a new
// captcha, failures, the rate limit.
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_CHECK_DELAY_MS } from '@/config/constants';
import { makeForm } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import {
  CHECK_PATH,
  SUBMIT_PATH,
  CSRF,
  SUCCESS_TEXT,
  ERROR_TEXT,
  mockFormApi,
  advance,
  renderForm,
  nameInput,
  phoneInput,
  emailInput,
  messageInput,
  wordInput,
  consentBox,
  submitButton,
  captchaImage,
  expectInvalid,
  expectValid,
  fillAll,
  runOnFakeFormClock,
} from './server-form.test-helpers';

runOnFakeFormClock();

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
