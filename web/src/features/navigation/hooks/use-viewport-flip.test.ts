import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FLIP_ATTRIBUTE, shouldFlip, useViewportFlip } from './use-viewport-flip';

/**
 * A dropdown 300 px wide whose box depends on its side: by default it starts at `normalLeft`,
 * flipped at `flippedLeft` (jsdom lays nothing out, so the boxes are given).
 */
function dropdown(normalLeft: number, flippedLeft: number): HTMLElement {
  const element = document.createElement('ul');
  element.getBoundingClientRect = () => {
    const left = element.hasAttribute(FLIP_ATTRIBUTE) ? flippedLeft : normalLeft;
    return { left, right: left + 300, x: left, y: 0, top: 0, bottom: 100, width: 300, height: 100, toJSON: () => ({}) };
  };
  return element;
}

describe('shouldFlip', () => {
  it('keeps a dropdown that fits on its default side', () => {
    expect(shouldFlip(dropdown(100, -200), 1000)).toBe(false);
  });

  it('flips a dropdown passing the right edge when the other side fits', () => {
    expect(shouldFlip(dropdown(800, 500), 1000)).toBe(true);
  });

  it('does not flip past the left edge when the other side overflows more', () => {
    // Default: 100 px past the right edge; flipped: 250 px past the left edge.
    expect(shouldFlip(dropdown(800, -250), 1000)).toBe(false);
    // Flipped overflows less (50 px) than the default (100 px): flip.
    expect(shouldFlip(dropdown(800, -50), 1000)).toBe(true);
  });

  it('leaves the attribute as it found it', () => {
    const element = dropdown(800, 500);
    element.setAttribute(FLIP_ATTRIBUTE, 'true');
    shouldFlip(element, 1000);
    expect(element.getAttribute(FLIP_ATTRIBUTE)).toBe('true');
    const plain = dropdown(800, 500);
    shouldFlip(plain, 1000);
    expect(plain.hasAttribute(FLIP_ATTRIBUTE)).toBe(false);
  });
});

describe('useViewportFlip', () => {
  it('measures again when the window is resized while open, and not while closed', () => {
    const ref = { current: dropdown(800, 500) };
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 1200 });
    const { result, rerender } = renderHook(({ state }) => useViewportFlip(state, ref), {
      initialProps: { state: 'open' as 'open' | 'closed' },
    });
    expect(result.current).toBe(false);
    act(() => {
      Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 1000 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toBe(true);
    rerender({ state: 'closed' });
    act(() => {
      Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 1200 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toBe(true);
    rerender({ state: 'open' });
    expect(result.current).toBe(false);
  });
});
