import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  closeTopmostOverlay,
  getOverlayStack,
  getOverlaysAbove,
  getTopmostOverlay,
  isAnyOverlayOpen,
  isTopmostOverlay,
  registerOverlay,
  resetOverlayStackForTests,
  useAnyOverlayOpen,
  useOverlayRegistration,
  useOverlayStack,
} from './overlay-stack';

afterEach(() => resetOverlayStackForTests());

const ids = () => getOverlayStack().map((entry) => entry.id);

describe('overlay stack', () => {
  it('keeps overlays in opening order; the last opened is the topmost', () => {
    const offA = registerOverlay({ id: 'a', close: () => {} });
    const offB = registerOverlay({ id: 'b', close: () => {} });
    expect(ids()).toEqual(['a', 'b']);
    expect(getTopmostOverlay()?.id).toBe('b');
    expect(isTopmostOverlay('b')).toBe(true);
    expect(isTopmostOverlay('a')).toBe(false);

    offB();
    expect(ids()).toEqual(['a']);
    expect(getTopmostOverlay()?.id).toBe('a');
    offA();
    expect(getTopmostOverlay()).toBeUndefined();
  });

  it('removes an overlay closed out of order and ignores a second removal', () => {
    const offA = registerOverlay({ id: 'a', close: () => {} });
    registerOverlay({ id: 'b', close: () => {} });
    const offC = registerOverlay({ id: 'c', close: () => {} });
    offA();
    expect(ids()).toEqual(['b', 'c']);
    offA();
    expect(ids()).toEqual(['b', 'c']);
    offC();
    expect(ids()).toEqual(['b']);
  });

  it('closeTopmostOverlay closes only the topmost one', () => {
    const closeA = vi.fn();
    const closeB = vi.fn();
    registerOverlay({ id: 'a', close: closeA });
    registerOverlay({ id: 'b', close: closeB });
    expect(closeTopmostOverlay()).toBe(true);
    expect(closeB).toHaveBeenCalledTimes(1);
    expect(closeA).not.toHaveBeenCalled();
  });

  it('registers a component while open and re-renders subscribers', () => {
    const stack = renderHook(() => useOverlayStack());
    const close = vi.fn();
    const overlay = renderHook(({ open }) => useOverlayRegistration('panel', open, close), {
      initialProps: { open: false },
    });
    expect(stack.result.current).toHaveLength(0);

    overlay.rerender({ open: true });
    expect(stack.result.current.map((entry) => entry.id)).toEqual(['panel']);
    act(() => void closeTopmostOverlay());
    expect(close).toHaveBeenCalledTimes(1);

    overlay.rerender({ open: false });
    expect(stack.result.current).toHaveLength(0);
  });

  it('keeps an overlay in place when only its close callback changes', () => {
    const first = renderHook(({ close }) => useOverlayRegistration('a', true, close), {
      initialProps: { close: () => {} },
    });
    renderHook(() => useOverlayRegistration('b', true, () => {}));
    const newer = vi.fn();
    first.rerender({ close: newer });
    expect(ids()).toEqual(['a', 'b']);
    getOverlayStack()[0]!.close();
    expect(newer).toHaveBeenCalledTimes(1);
  });

  it('answers whether any overlay is open, reactively only when that changes', () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useAnyOverlayOpen();
    });
    expect(result.current).toBe(false);
    expect(isAnyOverlayOpen()).toBe(false);

    let offA = () => {};
    act(() => {
      offA = registerOverlay({ id: 'a', close: () => {} });
    });
    expect(result.current).toBe(true);
    expect(isAnyOverlayOpen()).toBe(true);
    const rendersWithOne = renders;

    let offB = () => {};
    act(() => {
      offB = registerOverlay({ id: 'b', close: () => {} });
    });
    act(() => offB());
    expect(renders).toBe(rendersWithOne);
    expect(result.current).toBe(true);

    act(() => offA());
    expect(result.current).toBe(false);
    expect(isAnyOverlayOpen()).toBe(false);
  });

  it('lists the overlays opened above a given one', () => {
    registerOverlay({ id: 'a', close: () => {} });
    registerOverlay({ id: 'b', close: () => {} });
    registerOverlay({ id: 'c', close: () => {} });
    expect(getOverlaysAbove('a').map((entry) => entry.id)).toEqual(['b', 'c']);
    expect(getOverlaysAbove('c')).toEqual([]);
    expect(getOverlaysAbove('missing')).toEqual([]);
  });
});
