import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function renderDebounced(isImmediate?: (value: string) => boolean) {
  return renderHook(({ value }) => useDebouncedValue(value, 300, isImmediate), { initialProps: { value: 'a' } });
}

describe('useDebouncedValue', () => {
  it('settles a value only after it stayed unchanged for the delay', () => {
    const { result, rerender } = renderDebounced();
    expect(result.current[0]).toBe('a');
    rerender({ value: 'ab' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'abc' });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current[0]).toBe('a');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBe('abc');
  });

  it('settles at once a value the predicate calls immediate', () => {
    const { result, rerender } = renderDebounced((value) => value === '');
    rerender({ value: 'ab' });
    expect(result.current[0]).toBe('a');
    rerender({ value: '' });
    expect(result.current[0]).toBe('');
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current[0]).toBe('');
  });

  it('flush settles the latest value now and drops the pending wait', () => {
    const { result, rerender } = renderDebounced();
    rerender({ value: 'ab' });
    act(() => result.current[1]());
    expect(result.current[0]).toBe('ab');
    rerender({ value: 'abc' });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current[0]).toBe('ab');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBe('abc');
  });
});
