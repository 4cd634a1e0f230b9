import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Field } from '@/components/ui/field';
import { StarRatingInput } from './star-rating-input';

function Harness({ initial = null }: { initial?: number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <button type="button">До</button>
      <Field layout="radios" label="Оценка" required>
        {() => <StarRatingInput name="rating" value={value} onChange={setValue} />}
      </Field>
      <output data-testid="value">{value ?? 'none'}</output>
      <button type="button">После</button>
    </>
  );
}

const group = () => screen.getByRole('radiogroup', { name: 'Оценка' });
const radio = (name: string) => within(group()).getByRole('radio', { name });
const filledStars = () => group().querySelectorAll('label[data-filled]').length;

describe('StarRatingInput', () => {
  it('is a radio group "Оценка" of five radios named "1 звезда" … "5 звёзд", none chosen at first', () => {
    render(<Harness />);
    const radios = within(group()).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(radios.map((r) => ((r as HTMLInputElement).labels?.[0]?.textContent ?? '').trim())).toEqual([
      '1 звезда',
      '2 звезды',
      '3 звезды',
      '4 звезды',
      '5 звёзд',
    ]);
    for (const r of radios) expect(r).not.toBeChecked();
    expect(filledStars()).toBe(0);
  });

  it('a click on a star chooses it and fills the stars up to it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(radio('4 звезды'));
    expect(radio('4 звезды')).toBeChecked();
    expect(screen.getByTestId('value')).toHaveTextContent('4');
    expect(filledStars()).toBe(4);
  });

  it('works from the keyboard as any radio group: Tab enters, the arrow keys move the choice, Tab leaves', async () => {
    const user = userEvent.setup();
    render(<Harness initial={3} />);
    await user.click(screen.getByRole('button', { name: 'До' }));
    await user.tab();
    // Tab lands on the chosen star.
    expect(radio('3 звезды')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(radio('4 звезды')).toHaveFocus();
    expect(radio('4 звезды')).toBeChecked();
    expect(screen.getByTestId('value')).toHaveTextContent('4');
    await user.keyboard('{ArrowUp}');
    expect(radio('3 звезды')).toBeChecked();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(radio('1 звезда')).toBeChecked();
    expect(filledStars()).toBe(1);
    await user.keyboard('{ArrowDown}');
    expect(radio('2 звезды')).toBeChecked();
    expect(screen.getByTestId('value')).toHaveTextContent('2');
    // One stop in the tab order: the next Tab leaves the group.
    await user.tab();
    expect(screen.getByRole('button', { name: 'После' })).toHaveFocus();
  });

  it('with none chosen, Space chooses the focused star', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'До' }));
    await user.tab();
    expect(radio('1 звезда')).toHaveFocus();
    await user.keyboard(' ');
    expect(radio('1 звезда')).toBeChecked();
    expect(screen.getByTestId('value')).toHaveTextContent('1');
  });
});
