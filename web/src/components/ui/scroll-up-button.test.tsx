import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n';
import { SCROLL_UP_ANIMATION_MS, SCROLL_UP_THRESHOLD_PX } from '@/config/constants';
import { setMatchingQueries } from '@/test/media';
import { SCROLL_LOCK_FIXED_CLASS } from './overlay';
import { easeInOutCubic, ScrollUpButton } from './scroll-up-button';

let scrollY = 0;
const scrollTo = vi.fn((_x: number, y: number) => {
  scrollY = y;
  window.dispatchEvent(new Event('scroll'));
});

function scrollPageTo(y: number) {
  act(() => {
    scrollY = y;
    window.dispatchEvent(new Event('scroll'));
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  scrollY = 0;
  scrollTo.mockClear();
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  vi.stubGlobal('scrollTo', scrollTo);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const button = () => screen.getByRole('button', { name: 'Наверх', hidden: true });

describe('ScrollUpButton', () => {
  it('is hidden at the top and raised only after more than 150 px of scroll', () => {
    render(<ScrollUpButton />);
    expect(button()).toHaveAttribute('data-raised', 'false');

    scrollPageTo(SCROLL_UP_THRESHOLD_PX);
    expect(button()).toHaveAttribute('data-raised', 'false');
    scrollPageTo(SCROLL_UP_THRESHOLD_PX + 1);
    expect(button()).toHaveAttribute('data-raised', 'true');
    scrollPageTo(10);
    expect(button()).toHaveAttribute('data-raised', 'false');
  });

  it('sits in a full-width fixed dock that the scroll lock compensates', () => {
    render(<ScrollUpButton />);
    expect(screen.getByTestId('scroll-up-dock')).toHaveClass(SCROLL_LOCK_FIXED_CLASS);
  });

  it('animates the page to the top over 500 ms, easing in and out', async () => {
    render(<ScrollUpButton />);
    scrollPageTo(2000);
    fireEvent.click(button());

    await act(() => vi.advanceTimersByTimeAsync(SCROLL_UP_ANIMATION_MS / 2));
    expect(scrollY).toBeGreaterThan(0);
    expect(scrollY).toBeLessThan(2000);
    expect(button()).toHaveAttribute('data-raised', 'true');

    await act(() => vi.advanceTimersByTimeAsync(SCROLL_UP_ANIMATION_MS / 2 + 50));
    expect(scrollY).toBe(0);
    expect(button()).toHaveAttribute('data-raised', 'false');
    const calls = scrollTo.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(SCROLL_UP_ANIMATION_MS));
    expect(scrollTo.mock.calls.length).toBe(calls);
  });

  it('jumps to the top at once under prefers-reduced-motion', () => {
    setMatchingQueries(['(prefers-reduced-motion: reduce)']);
    render(<ScrollUpButton />);
    scrollPageTo(900);
    fireEvent.click(button());
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollY).toBe(0);
  });

  it('stops when the shopper scrolls with the wheel during the animation', async () => {
    render(<ScrollUpButton />);
    scrollPageTo(2000);
    fireEvent.click(button());
    await act(() => vi.advanceTimersByTimeAsync(100));
    const stoppedAt = scrollY;
    fireEvent.wheel(window);
    await act(() => vi.advanceTimersByTimeAsync(SCROLL_UP_ANIMATION_MS));
    expect(scrollY).toBe(stoppedAt);
  });

  it('moves focus to the given target when it had the focus, as the button hides', async () => {
    render(
      <>
        <main id="main" tabIndex={-1} />
        <ScrollUpButton focusTargetId="main" />
      </>,
    );
    scrollPageTo(600);
    button().focus();
    fireEvent.click(button());
    await act(() => vi.advanceTimersByTimeAsync(SCROLL_UP_ANIMATION_MS + 50));
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it('eases from 0 to 1 symmetrically', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.5)).toBeCloseTo(0.5);
    expect(easeInOutCubic(0.25)).toBeCloseTo(1 - easeInOutCubic(0.75));
  });
});
