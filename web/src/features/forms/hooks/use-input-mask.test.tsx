import { render, screen } from '@testing-library/react';
import type Inputmask from 'inputmask';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useInputMask } from './use-input-mask';

function Masked({ options }: { options: Inputmask.Options | null }) {
  const ref = useRef<HTMLInputElement>(null);
  const instance = useInputMask(ref, options);
  return (
    <>
      <input ref={ref} aria-label="Поле" defaultValue="9123456789" />
      <output>{instance ? 'on' : 'off'}</output>
    </>
  );
}

const input = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Поле' });

describe('useInputMask', () => {
  it('masks the input after mount, reading the text already there', () => {
    render(<Masked options={{ mask: '999 999-99-99' }} />);
    expect(input().inputmask).toBeDefined();
    expect(input()).toHaveValue('912 345-67-89');
    expect(screen.getByRole('status')).toHaveTextContent('on');
  });

  it('re-applies the mask when the options change, not when an equal object comes', () => {
    const { rerender } = render(<Masked options={{ mask: '999 999-99-99' }} />);
    const first = input().inputmask;
    rerender(<Masked options={{ mask: '999 999-99-99' }} />);
    expect(input().inputmask).toBe(first);

    rerender(<Masked options={{ mask: '99 999-99-99' }} />);
    expect(input().inputmask).not.toBe(first);
    expect(input()).toHaveValue('91 234-56-78');
  });

  it('removes the mask for null options and on unmount', () => {
    const { rerender, unmount } = render(<Masked options={{ mask: '999 999-99-99' }} />);
    const element = input();
    rerender(<Masked options={null} />);
    expect(element.inputmask).toBeUndefined();
    expect(screen.getByRole('status')).toHaveTextContent('off');

    rerender(<Masked options={{ mask: '999 999-99-99' }} />);
    expect(element.inputmask).toBeDefined();
    unmount();
    expect(element.inputmask).toBeUndefined();
  });
});
