import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import intlTelInput from 'intl-tel-input';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SlidePanel } from '@/components/ui/overlay';
import { resetOverlayStackForTests } from '@/components/ui/overlay/overlay-stack';
import { PREFERRED_PHONE_COUNTRIES } from '@/config/constants';
import i18n, { loadLanguage } from '@/i18n';
import { setViewportWidth } from '@/test/media';
import type { PhoneValue } from '../api/forms';
import { maskFromPlaceholder } from '../utils/phone';
import { PhoneInput, type PhoneInputProps } from './phone-input';

afterEach(() => resetOverlayStackForTests());

function setup(props: Partial<PhoneInputProps> = {}) {
  const onChange = vi.fn<(value: PhoneValue) => void>();
  const onCountryChange = vi.fn<(iso2: string) => void>();
  const result = render(
    <>
      <label htmlFor="phone">Телефон</label>
      <PhoneInput id="phone" name="PHONE" onChange={onChange} onCountryChange={onCountryChange} {...props} />
      <button type="button">Дальше</button>
    </>,
  );
  const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Телефон' });
  return { ...result, input, onChange, onCountryChange, user: userEvent.setup(), lastValue: () => onChange.mock.lastCall?.[0] };
}

/** Waits until the utils chunk has given the input its example-number placeholder and the mask is on. */
async function ready(input: HTMLInputElement) {
  await waitFor(() => {
    expect(input.placeholder).not.toBe('');
    expect(input.inputmask).toBeDefined();
  });
}

const countryButton = () => screen.getByRole('button', { name: /номера телефона|phone number/ });

describe('PhoneInput: mask per country', () => {
  it.each([
    ['ru', '7', 'Россия', '912 345-67-89', '999 999-99-99', '9123456789', '912 345-67-89', '+7 912 345-67-89'],
    ['by', '375', 'Беларусь', '29 491-19-11', '99 999-99-99', '291234567', '29 123-45-67', '+375 29 123-45-67'],
    ['ua', '380', 'Украина', '50 123 4567', '99 999 9999', '501234567', '50 123 4567', '+380 50 123 4567'],
    ['kz', '7', 'Казахстан', '771 000 9998', '999 999 9999', '7012345678', '701 234 5678', '+7 701 234 5678'],
  ])(
    '%s: dial code +%s, placeholder and mask from the example number, international FULL_VALUE',
    async (iso2, dialCode, name, placeholder, mask, typed, shown, fullValue) => {
      const field = setup({ initialCountry: iso2 });
      await ready(field.input);
      expect(field.input).toHaveAttribute('placeholder', placeholder);
      expect(field.input.inputmask?.option('mask')).toBe(mask);
      expect(maskFromPlaceholder(placeholder)).toBe(mask);
      expect(countryButton()).toHaveAccessibleName(`Изменить страну для номера телефона, выбрана ${name} (+${dialCode})`);

      await field.user.click(field.input);
      // Digits past the last slot are refused.
      await field.user.keyboard(`${typed}12345`);
      expect(field.input).toHaveValue(shown);
      expect(field.lastValue()).toEqual({
        COUNTRY: { iso2, dialCode, name },
        VALUE: shown,
        FULL_VALUE: fullValue,
      });
      expect(field.onCountryChange).not.toHaveBeenCalled();
    },
  );

  it('refuses letters and stops at the last digit slot', async () => {
    const field = setup();
    await ready(field.input);
    await field.user.click(field.input);
    await field.user.keyboard('9a1b2(3)456789999');
    expect(field.input).toHaveValue('912 345-67-89');
  });

  it('starts with the Russian mask when no country is given', async () => {
    const field = setup();
    await ready(field.input);
    expect(field.input).toHaveAttribute('placeholder', '912 345-67-89');
  });
});

describe('PhoneInput: country list', () => {
  it('puts ru, by, ua, kz first, names countries in Russian, and is a listbox in a named dialog', async () => {
    const field = setup();
    await ready(field.input);
    await field.user.click(countryButton());

    const dialog = screen.getByRole('dialog', { name: 'Выберите страну для номера телефона' });
    expect(within(dialog).getByRole('combobox', { name: 'Поиск' })).toHaveFocus();
    const options = within(dialog).getAllByRole('option');
    expect(options.slice(0, 4).map((option) => option.dataset.iso2)).toEqual([...PREFERRED_PHONE_COUNTRIES]);
    expect(options.slice(0, 4).map((option) => option.textContent)).toEqual([
      'Россия (+7)',
      'Беларусь (+375)',
      'Украина (+380)',
      'Казахстан (+7)',
    ]);
    expect(within(dialog).getByRole('listbox', { name: 'Список стран' })).toBeInTheDocument();
    expect(countryButton()).toHaveAttribute('aria-expanded', 'true');
  });

  it('choosing a country rebuilds the mask, keeps the digits and tells the parent', async () => {
    const field = setup({ initialCountry: 'ru' });
    await ready(field.input);
    await field.user.click(field.input);
    await field.user.keyboard('291234567');
    await field.user.click(countryButton());
    await field.user.click(screen.getByRole('option', { name: 'Беларусь (+375)' }));

    await waitFor(() => expect(field.onCountryChange).toHaveBeenCalledWith('by'));
    expect(field.input).toHaveAttribute('placeholder', '29 491-19-11');
    expect(field.input.inputmask?.option('mask')).toBe('99 999-99-99');
    expect(field.input).toHaveValue('29 123-45-67');
    expect(field.lastValue()).toMatchObject({ COUNTRY: { iso2: 'by', dialCode: '375' }, FULL_VALUE: '+375 29 123-45-67' });
    expect(countryButton()).toHaveAccessibleName('Изменить страну для номера телефона, выбрана Беларусь (+375)');
  });

  it('recognises a Kazakh number typed under Russia and switches to Kazakhstan', async () => {
    const field = setup({ initialCountry: 'ru' });
    await ready(field.input);
    await field.user.click(field.input);
    await field.user.keyboard('7710009998');
    await waitFor(() => expect(field.onCountryChange).toHaveBeenCalledWith('kz'));
    expect(field.input.inputmask?.option('mask')).toBe('999 999 9999');
    expect(field.lastValue()).toMatchObject({ COUNTRY: { iso2: 'kz' }, FULL_VALUE: '+7 771 000 9998' });
  });

  it('names countries in English when the interface is English, and keeps number and country on a switch', async () => {
    const field = setup({ initialCountry: 'ua' });
    await ready(field.input);
    await field.user.click(field.input);
    await field.user.keyboard('501234567');

    await loadLanguage('en');
    await act(() => i18n.changeLanguage('en'));
    await ready(field.input);
    expect(countryButton()).toHaveAccessibleName('Change country for phone number, currently selected Ukraine (+380)');
    expect(field.input).toHaveValue('50 123 4567');
    await field.user.click(countryButton());
    const options = screen.getAllByRole('option');
    expect(options.slice(0, 4).map((option) => option.textContent)).toEqual([
      'Russia (+7)',
      'Belarus (+375)',
      'Ukraine (+380)',
      'Kazakhstan (+7)',
    ]);
  });
});

describe('PhoneInput: pasted and autofilled whole numbers', () => {
  it.each([
    ['ru', '+7 912 345-67-89', 'ru', '912 345-67-89'],
    ['ru', '+79123456789', 'ru', '912 345-67-89'],
    ['ru', '8 (912) 345-67-89', 'ru', '912 345-67-89'],
    ['ru', '+375 29 491-19-11', 'by', '29 491-19-11'],
    ['kz', '8 771 000 9998', 'kz', '771 000 9998'],
    ['kz', '+7 912 345-67-89', 'ru', '912 345-67-89'],
  ])('under %s, pasting %s selects %s and shows %s', async (initialCountry, pasted, iso2, shown) => {
    const field = setup({ initialCountry });
    await ready(field.input);
    await field.user.click(field.input);
    await field.user.paste(pasted);
    await waitFor(() => expect(field.input).toHaveValue(shown));
    await waitFor(() => expect(field.lastValue()).toMatchObject({ COUNTRY: { iso2 }, VALUE: shown }));
  });

  it('pastes a national number without prefix through the mask', async () => {
    const field = setup();
    await ready(field.input);
    await field.user.click(field.input);
    await field.user.paste('9123456789');
    expect(field.input).toHaveValue('912 345-67-89');
  });

  it('takes a browser-autofilled international number', async () => {
    const field = setup();
    await ready(field.input);
    // Autofill writes the value and fires a plain `input` event.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field.input, '+375 29 491-19-11');
    act(() => {
      field.input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await waitFor(() => expect(field.input).toHaveValue('29 491-19-11'));
    await waitFor(() => expect(field.lastValue()).toMatchObject({ COUNTRY: { iso2: 'by' }, FULL_VALUE: '+375 29 491-19-11' }));
  });
});

describe('PhoneInput: value, attributes, lifecycle', () => {
  it('prefills an international number: its dial code picks the country, the input shows the national part', async () => {
    const field = setup({ initialCountry: 'ru', defaultValue: '+375 29 491-19-11' });
    await ready(field.input);
    expect(field.input).toHaveValue('29 491-19-11');
    expect(field.lastValue()).toEqual({
      COUNTRY: { iso2: 'by', dialCode: '375', name: 'Беларусь' },
      VALUE: '29 491-19-11',
      FULL_VALUE: '+375 29 491-19-11',
    });
  });

  it('reports an empty value with the country once ready', async () => {
    const field = setup({ initialCountry: 'kz' });
    await ready(field.input);
    expect(field.lastValue()).toEqual({ COUNTRY: { iso2: 'kz', dialCode: '7', name: 'Казахстан' }, VALUE: '', FULL_VALUE: '' });
  });

  it('is a tel input with aria-invalid, aria-describedby, required and the blur callback', async () => {
    const onBlur = vi.fn();
    const field = setup({ invalid: true, describedBy: 'phone-error', required: true, onBlur });
    await ready(field.input);
    expect(field.input).toHaveAttribute('type', 'tel');
    expect(field.input).toHaveAttribute('name', 'PHONE');
    expect(field.input).toHaveAttribute('inputmode', 'tel');
    expect(field.input).toHaveAttribute('autocomplete', 'tel');
    expect(field.input).toHaveAttribute('aria-invalid', 'true');
    expect(field.input).toHaveAttribute('aria-describedby', 'phone-error');
    expect(field.input).toBeRequired();
    await field.user.click(field.input);
    await field.user.click(screen.getByRole('button', { name: 'Дальше' }));
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('destroys the library instance and the mask on unmount', async () => {
    const field = setup();
    await ready(field.input);
    expect(intlTelInput.instances.size).toBe(1);
    const { input } = field;
    field.unmount();
    expect(intlTelInput.instances.size).toBe(0);
    expect(input.inputmask).toBeUndefined();
    expect(document.querySelector('.iti')).toBeNull();
  });
});

/** A slide panel holding the phone field, as the callback form will. */
function PanelWithPhone() {
  const [open, setOpen] = useState(true);
  return (
    <SlidePanel open={open} onOpenChange={setOpen} title="Заказать звонок">
      <label htmlFor="panel-phone">Телефон</label>
      <PhoneInput id="panel-phone" name="PHONE" />
    </SlidePanel>
  );
}

describe('PhoneInput in a slide panel', () => {
  it('at 375 px opens the full-screen country list inside the dialog; Escape closes the list, not the panel', async () => {
    setViewportWidth(375);
    render(<PanelWithPhone />);
    const panel = screen.getByRole('dialog', { name: 'Заказать звонок' });
    const input = within(panel).getByRole<HTMLInputElement>('textbox', { name: 'Телефон' });
    await ready(input);
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.click(countryButton());
    const list = screen.getByRole('dialog', { name: 'Выберите страну для номера телефона' });
    expect(panel).toContainElement(list);
    expect(list.closest('.iti--fullscreen-popup')).not.toBeNull();
    expect(within(list).getByRole('combobox', { name: 'Поиск' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(list).not.toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Заказать звонок' })).toBeInTheDocument();
    expect(countryButton()).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Заказать звонок' })).toBeNull());
  });

  it('picks a country in the full-screen list by search', async () => {
    setViewportWidth(375);
    render(<PanelWithPhone />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Телефон' });
    await ready(input);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(countryButton());
    await user.keyboard('Казах');
    await waitFor(() => expect(screen.getAllByRole('option')[0]).toHaveTextContent('Казахстан (+7)'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(input.inputmask?.option('mask')).toBe('999 999 9999'));
    expect(screen.getByRole('dialog', { name: 'Заказать звонок' })).toBeInTheDocument();
  });
});
