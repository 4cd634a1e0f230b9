import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHideOnScroll } from './use-hide-on-scroll';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(20);
  });
}

const revealAbovePx = () => 100;

describe('useHideOnScroll', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hides on scroll-down past the panel and shows on scroll-up', () => {
    const { result } = renderHook(() => useHideOnScroll({ enabled: true, revealAbovePx }));
    scrollTo(50);
    expect(result.current.hidden).toBe(false);
    scrollTo(400);
    expect(result.current.hidden).toBe(true);
    scrollTo(600);
    expect(result.current.hidden).toBe(true);
    scrollTo(550);
    expect(result.current.hidden).toBe(false);
    scrollTo(800);
    expect(result.current.hidden).toBe(true);
  });

  it('ignores tiny moves and always shows near the top', () => {
    const { result } = renderHook(() => useHideOnScroll({ enabled: true, revealAbovePx }));
    scrollTo(400);
    expect(result.current.hidden).toBe(true);
    scrollTo(398);
    expect(result.current.hidden).toBe(true);
    scrollTo(90);
    expect(result.current.hidden).toBe(false);
  });

  it('never hides while disabled and shows again when disabled', () => {
    const { result, rerender } = renderHook(({ enabled }) => useHideOnScroll({ enabled, revealAbovePx }), {
      initialProps: { enabled: true },
    });
    scrollTo(400);
    expect(result.current.hidden).toBe(true);
    rerender({ enabled: false });
    expect(result.current.hidden).toBe(false);
    scrollTo(900);
    expect(result.current.hidden).toBe(false);
  });

  it('reveal() shows it at once', () => {
    const { result } = renderHook(() => useHideOnScroll({ enabled: true, revealAbovePx }));
    scrollTo(400);
    act(() => result.current.reveal());
    expect(result.current.hidden).toBe(false);
  });
});

describe('useHideOnScroll while frozen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('neither hides nor shows while frozen, and measures afresh from where it is unfrozen', () => {
    const { result, rerender } = renderHook(({ frozen }) => useHideOnScroll({ enabled: true, revealAbovePx, frozen }), {
      initialProps: { frozen: false },
    });
    scrollTo(400);
    expect(result.current.hidden).toBe(true);
    rerender({ frozen: true });
    scrollTo(200);
    expect(result.current.hidden).toBe(true);
    rerender({ frozen: false });
    scrollTo(300);
    expect(result.current.hidden).toBe(true);
    rerender({ frozen: true });
    scrollTo(900);
    rerender({ frozen: false });
    // The jump while frozen (the lock's restore) does not count as a scroll: only moves from 900 on.
    scrollTo(850);
    expect(result.current.hidden).toBe(false);
    rerender({ frozen: true });
    scrollTo(1500);
    expect(result.current.hidden).toBe(false);
  });
});
