import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FieldMask } from '@/lib/api/types';
import type { MaskKind } from '../utils/masks';
import { MaskedInput } from './masked-input';

/** Renders a labelled masked input and a button to move focus to; returns the input and the value callback. */
function setup(kind: MaskKind, mask: FieldMask | null = null, defaultValue?: string) {
  const onValueChange = vi.fn<(value: string) => void>();
  render(
    <>
      <label htmlFor="field">Поле</label>
      <MaskedInput id="field" name="FIELD" kind={kind} mask={mask} defaultValue={defaultValue} onValueChange={onValueChange} />
      <button type="button">Дальше</button>
    </>,
  );
  const input = screen.getByLabelText<HTMLInputElement>('Поле');
  const user = userEvent.setup();
  return {
    input,
    onValueChange,
    user,
    /** Clicks into the field and types `text` (user-event `keyboard` syntax). */
    type: async (text: string) => {
      await user.click(input);
      await user.keyboard(text);
    },
    blur: () => user.click(screen.getByRole('button', { name: 'Дальше' })),
    lastValue: () => onValueChange.mock.lastCall?.[0],
  };
}

describe('MaskedInput: number', () => {
  it('sends digits only and groups thousands on screen', async () => {
    const field = setup('number');
    await field.type('15000');
    expect(field.input).toHaveValue('15 000');
    expect(field.lastValue()).toBe('15000');
  });

  it('clamps to max while typing', async () => {
    const field = setup('number', { min: 5, max: 20000 });
    await field.type('99999');
    expect(field.input).toHaveValue('20 000');
    expect(field.lastValue()).toBe('20000');
  });

  it('raises a value under min to min when the field is left', async () => {
    const field = setup('number', { min: 5, max: 20000 });
    await field.type('3');
    expect(field.lastValue()).toBe('3');
    await field.blur();
    expect(field.input).toHaveValue('5');
    expect(field.lastValue()).toBe('5');
  });

  it('refuses the minus when min is not negative', async () => {
    const field = setup('number', { min: 0 });
    await field.type('-12');
    expect(field.input).toHaveValue('12');
    expect(field.lastValue()).toBe('12');
  });

  it('k adds 000 and m adds 000000 (spec §9 shortcuts)', async () => {
    const k = setup('number');
    await k.type('15k');
    expect(k.input).toHaveValue('15 000');
    expect(k.lastValue()).toBe('15000');
  });

  it('m adds 000000', async () => {
    const m = setup('number');
    await m.type('2m');
    expect(m.input).toHaveValue('2 000 000');
    expect(m.lastValue()).toBe('2000000');
  });

  it('a shortcut past max still ends at max', async () => {
    const field = setup('number', { max: 20000 });
    await field.type('5m');
    expect(field.lastValue()).toBe('20000');
  });

  it('a shortcut on an empty field types nothing', async () => {
    const field = setup('number');
    await field.type('k');
    expect(field.input).toHaveValue('');
    expect(field.onValueChange).not.toHaveBeenCalled();
  });

  it('letters are refused', async () => {
    const field = setup('number');
    await field.type('1a2b');
    expect(field.lastValue()).toBe('12');
  });

  it('clamps a default value over max and reports the clamped value', () => {
    const field = setup('number', { max: 100 }, '250');
    expect(field.input).toHaveValue('100');
    expect(field.onValueChange).toHaveBeenCalledWith('100');
  });
});

describe('MaskedInput: percentage', () => {
  it('refuses a keystroke that would pass 100', async () => {
    const field = setup('percentage');
    await field.type('150');
    expect(field.input).toHaveValue('15 %');
    expect(field.lastValue()).toBe('15');
  });

  it('accepts 100 and 0', async () => {
    const hundred = setup('percentage');
    await hundred.type('100');
    expect(hundred.lastValue()).toBe('100');
  });

  it('refuses negatives', async () => {
    const field = setup('percentage');
    await field.type('-5');
    expect(field.input).toHaveValue('5 %');
    expect(field.lastValue()).toBe('5');
  });
});

describe('MaskedInput: currency', () => {
  it('shows the "$ " prefix and 2 decimals, sends a dotted decimal', async () => {
    const field = setup('currency');
    await field.type('1234.5');
    expect(field.input).toHaveValue('$ 1,234.50');
    expect(field.lastValue()).toBe('1234.50');
  });

  it('adds the decimals to a whole amount', async () => {
    const field = setup('currency');
    await field.type('75');
    await field.blur();
    expect(field.input).toHaveValue('$ 75.00');
    expect(field.lastValue()).toBe('75.00');
  });

  it('with a " ₽" suffix drops the dollar prefix', async () => {
    const field = setup('currency', { suffix: ' ₽' });
    await field.type('1234.5');
    expect(field.input).toHaveValue('1,234.50 ₽');
    expect(field.lastValue()).toBe('1234.50');
  });

  it('k multiplies the amount by 1000', async () => {
    const field = setup('currency');
    await field.type('2k');
    expect(field.lastValue()).toBe('2000.00');
  });
});

describe('MaskedInput: date', () => {
  it('sends the masked text in dd.mm.yyyy', async () => {
    const field = setup('date');
    await field.type('21112026');
    expect(field.input).toHaveValue('21.11.2026');
    expect(field.lastValue()).toBe('21.11.2026');
  });

  it('refuses 30 and 31 February: the month digit is not taken', async () => {
    const thirty = setup('date');
    await thirty.type('3002');
    expect(thirty.input).toHaveValue('30.0_.____');
  });

  it('refuses 31 February', async () => {
    const field = setup('date');
    await field.type('3102');
    expect(field.input).toHaveValue('31.0_.____');
  });

  it('refuses 31 April', async () => {
    const field = setup('date');
    await field.type('3104');
    expect(field.input).toHaveValue('31.0_.____');
  });

  it('accepts 29 February of a leap year and refuses the last year digit of a common one', async () => {
    const leap = setup('date');
    await leap.type('29022024');
    expect(leap.input).toHaveValue('29.02.2024');
    expect(leap.lastValue()).toBe('29.02.2024');
  });

  it('refuses 29 February 2025 at its last digit', async () => {
    const common = setup('date');
    await common.type('29022025');
    expect(common.input).toHaveValue('29.02.202_');
  });

  it('refuses day 32 and month 13', async () => {
    const day = setup('date');
    await day.type('32');
    expect(day.input).toHaveValue('3_.__.____');
  });

  it('refuses month 13', async () => {
    const month = setup('date');
    await month.type('0113');
    expect(month.input).toHaveValue('01.1_.____');
  });

  it('refuses hour 24 and minute 60 in a format with time', async () => {
    const hours = setup('date', { format: 'dd.mm.yyyy HH:MM' });
    await hours.type('0101202624');
    expect(hours.input).toHaveValue('01.01.2026 2_:__');
  });

  it('never takes 60 as minutes (a 6 in the tens of minutes becomes 06)', async () => {
    const minutes = setup('date', { format: 'dd.mm.yyyy HH:MM' });
    await minutes.type('0101202623');
    await minutes.user.keyboard('60');
    expect(minutes.input).toHaveValue('01.01.2026 23:06');
  });

  it('accepts 23:59:59', async () => {
    const field = setup('date', { format: 'dd.mm.yyyy HH:MM:ss' });
    await field.type('01012026235959');
    expect(field.lastValue()).toBe('01.01.2026 23:59:59');
  });

  it('refuses an impossible default date', () => {
    const field = setup('date', null, '31.04.2026');
    expect(field.input).not.toHaveValue('31.04.2026');
  });

  it('an unfinished date is sent with its placeholders, so validation rejects it', async () => {
    const field = setup('date');
    await field.type('211');
    await field.blur();
    expect(field.lastValue()).toBe('21.1_.____');
  });
});

describe('MaskedInput: the input element', () => {
  it('forwards standard props and sets a numeric keyboard', () => {
    const onBlur = vi.fn();
    render(
      <MaskedInput
        kind="currency"
        mask={null}
        id="budget"
        name="BUDGET"
        aria-label="Бюджет"
        aria-describedby="budget-error"
        aria-invalid
        required
        placeholder="$ 0.00"
        autoComplete="off"
        onBlur={onBlur}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Бюджет' });
    expect(input).toHaveAttribute('id', 'budget');
    expect(input).toHaveAttribute('name', 'BUDGET');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAttribute('aria-describedby', 'budget-error');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('placeholder', '$ 0.00');
    expect(input).toBeRequired();
    input.focus();
    input.blur();
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['number', 'numeric'],
    ['percentage', 'numeric'],
    ['date', 'numeric'],
  ] as const)('%s gets inputmode %s', (kind, mode) => {
    render(<MaskedInput kind={kind} mask={null} aria-label="Поле" />);
    expect(screen.getByRole('textbox', { name: 'Поле' })).toHaveAttribute('inputmode', mode);
  });
});
