// ServerForm (issue 5; spec §5, §9): the captcha word, checked with the server once typing has paused.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_CHECK_DELAY_MS } from '@/config/constants';
import {
  CHECK_PATH,
  CSRF,
  mockFormApi,
  advance,
  renderForm,
  wordInput,
  submitButton,
  captchaImage,
  expectInvalid,
  expectValid,
  fillAll,
  runOnFakeFormClock,
} from './server-form.test-helpers';

runOnFakeFormClock();

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
