import { act, renderHook } from '@testing-library/react';
import type { PointerEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MENU_CLOSE_GRACE_MS, MENU_FADE_MS, MENU_HOVER_DELAY_MS } from '@/config/constants';
import { REDUCED_MOTION_QUERY } from '@/lib/use-media-query';
import { setMatchingQueries } from '@/test/media';
import { useHoverIntent } from './use-hover-intent';

const mouse = { pointerType: 'mouse' } as PointerEvent;
const touch = { pointerType: 'touch' } as PointerEvent;

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('useHoverIntent', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is not open 100 ms after the pointer enters and is open at 200 ms', () => {
    const { result } = renderHook(() => useHoverIntent());
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    advance(100);
    expect(result.current.open).toBe(false);
    expect(result.current.state).toBe('closed');
    advance(MENU_HOVER_DELAY_MS - 100 - 1);
    expect(result.current.open).toBe(false);
    advance(1);
    expect(result.current.open).toBe(true);
    expect(result.current.state).toBe('open');
  });

  it('cancels the opening when the pointer leaves before 200 ms', () => {
    const { result } = renderHook(() => useHoverIntent());
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    advance(150);
    act(() => result.current.hoverProps.onPointerLeave(mouse));
    advance(1000);
    expect(result.current.open).toBe(false);
    expect(result.current.state).toBe('closed');
  });

  it('closes after the grace period when the pointer leaves, then fades out for 150 ms', () => {
    const { result } = renderHook(() => useHoverIntent());
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    advance(MENU_HOVER_DELAY_MS);
    act(() => result.current.hoverProps.onPointerLeave(mouse));
    advance(MENU_CLOSE_GRACE_MS - 1);
    expect(result.current.open).toBe(true);
    advance(1);
    expect(result.current.open).toBe(false);
    expect(result.current.state).toBe('closing');
    advance(MENU_FADE_MS - 1);
    expect(result.current.state).toBe('closing');
    advance(1);
    expect(result.current.state).toBe('closed');
  });

  it('stays open when the pointer comes back within the grace period (travelling into the dropdown)', () => {
    const { result } = renderHook(() => useHoverIntent());
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    advance(MENU_HOVER_DELAY_MS);
    act(() => result.current.hoverProps.onPointerLeave(mouse));
    advance(MENU_CLOSE_GRACE_MS / 2);
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    advance(5000);
    expect(result.current.open).toBe(true);
  });

  it('opens and closes at once through setOpen (clicks and keys), cancelling a pending hover', () => {
    const { result } = renderHook(() => useHoverIntent());
    act(() => result.current.setOpen(true));
    expect(result.current.open).toBe(true);
    act(() => result.current.hoverProps.onPointerLeave(mouse));
    act(() => result.current.setOpen(true));
    advance(MENU_CLOSE_GRACE_MS * 2);
    expect(result.current.open).toBe(true);
    act(() => result.current.setOpen(false));
    expect(result.current.state).toBe('closing');
    advance(MENU_FADE_MS);
    expect(result.current.state).toBe('closed');
  });

  it('reopening during the fade-out keeps the content rendered', () => {
    const { result } = renderHook(() => useHoverIntent());
    act(() => result.current.setOpen(true));
    act(() => result.current.setOpen(false));
    advance(MENU_FADE_MS / 2);
    act(() => result.current.setOpen(true));
    advance(MENU_FADE_MS);
    expect(result.current.state).toBe('open');
  });

  it('ignores touch pointers (a tap is a click)', () => {
    const { result } = renderHook(() => useHoverIntent());
    act(() => result.current.hoverProps.onPointerEnter(touch));
    advance(MENU_HOVER_DELAY_MS * 2);
    expect(result.current.open).toBe(false);
  });

  it('under prefers-reduced-motion the closed content disappears at once (no fade timer)', () => {
    setMatchingQueries([REDUCED_MOTION_QUERY]);
    try {
      const { result } = renderHook(() => useHoverIntent());
      act(() => result.current.setOpen(true));
      act(() => result.current.setOpen(false));
      expect(result.current.state).toBe('closed');
    } finally {
      setMatchingQueries([]);
    }
  });

  it('does not open by hover while canOpenOnHover answers false, and does once it answers true', () => {
    let allowed = false;
    const { result } = renderHook(() => useHoverIntent({ canOpenOnHover: () => allowed }));
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    advance(MENU_HOVER_DELAY_MS * 2);
    expect(result.current.open).toBe(false);
    act(() => result.current.hoverProps.onPointerLeave(mouse));
    allowed = true;
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    advance(MENU_HOVER_DELAY_MS);
    expect(result.current.open).toBe(true);
  });

  it('isHoverOpened: true only while hover opened it and the pointer is inside; a click/key open is not', () => {
    const { result } = renderHook(() => useHoverIntent());
    expect(result.current.isHoverOpened()).toBe(false);
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    advance(MENU_HOVER_DELAY_MS - 1);
    expect(result.current.isHoverOpened()).toBe(false);
    advance(1);
    expect(result.current.isHoverOpened()).toBe(true);
    act(() => result.current.hoverProps.onPointerLeave(mouse));
    expect(result.current.isHoverOpened()).toBe(false);
    act(() => result.current.hoverProps.onPointerEnter(mouse));
    expect(result.current.isHoverOpened()).toBe(true);
    // setOpen (a click or a key) pins it: no longer hover-opened.
    act(() => result.current.setOpen(true));
    expect(result.current.open).toBe(true);
    expect(result.current.isHoverOpened()).toBe(false);
  });
});
