import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useSelectCommit } from './use-select-commit';

function Sort({ onCommit }: { onCommit: (value: string) => void }) {
  const [value, setValue] = useState('a');
  const select = useSelectCommit(value, (next) => {
    setValue(next);
    onCommit(next);
  });
  return (
    <select aria-label="Sort" {...select}>
      <option value="a">A</option>
      <option value="b">B</option>
      <option value="c">C</option>
    </select>
  );
}

/** What Chromium does for an arrow press on a closed select: keydown, then the value moves and `change` fires. */
function arrowTo(select: HTMLSelectElement, value: string) {
  fireEvent.keyDown(select, { key: 'ArrowDown' });
  fireEvent.change(select, { target: { value } });
}

describe('useSelectCommit', () => {
  it('holds values reached by arrows until Enter', () => {
    const onCommit = vi.fn();
    render(<Sort onCommit={onCommit} />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort' });
    arrowTo(select, 'b');
    arrowTo(select, 'c');
    expect(select.value).toBe('c');
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.keyDown(select, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('c');
  });

  it('applies a keyboard draft when the select is left, and a picked value at once', () => {
    const onCommit = vi.fn();
    render(<Sort onCommit={onCommit} />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort' });
    arrowTo(select, 'b');
    fireEvent.blur(select);
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('b');
    fireEvent.change(select, { target: { value: 'c' } });
    expect(onCommit).toHaveBeenLastCalledWith('c');
    expect(onCommit).toHaveBeenCalledTimes(2);
  });
});
