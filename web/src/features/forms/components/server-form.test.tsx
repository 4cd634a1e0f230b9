// ServerForm (issue 5): what it renders, the checks in the browser (blur, submit, focus), the masked phone.
// The captcha check and the sending are server-form-captcha.test.tsx and server-form-sending.test.tsx.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_CHECK_DELAY_MS } from '@/config/constants';
import { makeForm, makeFormField } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { ServerForm } from './server-form';
import {
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
  runOnFakeFormClock,
} from './server-form.test-helpers';

runOnFakeFormClock();

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
