import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * `value`, but only once it has stayed the same for `delayMs` ms (a trailing debounce); until then the previous
 * settled value. Two ways past the wait:
 * - `isImmediate(value)` true: the value settles in the same render (search: an empty text, or one whose results
 *   are cached, spec §4, §5);
 * - the returned `flush()`: settles the latest value now and drops the pending wait (search: the availability
 *   flag changed, which re-runs the search for the current text at once).
 *
 * Values are compared with `Object.is`. Returns `[settledValue, flush]`; `flush` is stable.
 */
export function useDebouncedValue<T>(
  value: T,
  delayMs: number,
  isImmediate?: (value: T) => boolean,
): [settled: T, flush: () => void] {
  const [settled, setSettled] = useState(value);
  const latest = useRef(value);

  // Settling during render (React's "adjust state while rendering"): no frame shows the stale value.
  let current = settled;
  if (!Object.is(settled, value) && isImmediate?.(value)) {
    setSettled(value);
    current = value;
  }

  useEffect(() => {
    latest.current = value;
  }, [value]);

  useEffect(() => {
    if (Object.is(current, value)) return undefined;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [current, value, delayMs]);

  const flush = useCallback(() => setSettled(latest.current), []);
  return [current, flush];
}
