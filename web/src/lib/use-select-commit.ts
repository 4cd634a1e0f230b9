import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';

/** Keys that move through a closed `<select>`'s options in Chromium, changing its value as they go. */
const SELECT_MOVE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * A `<select>`'s choice, taken when made, not while moving (issue 19, WCAG 3.2.2): a closed select changes its
 * value on every arrow press (or typed letter), which would re-sort the listing at each step. A value reached by
 * the keyboard is held as a draft until Enter or leaving the select; a value picked from the open list (mouse,
 * touch, or Enter in the list) applies at once. Spread the result onto the `<select>`.
 */
export function useSelectCommit(value: string, onCommit: (value: string) => void) {
  const [draft, setDraft] = useState<string | null>(null);
  const movedByKey = useRef(false);
  const commit = (next: string) => {
    setDraft(null);
    if (next !== value) onCommit(next);
  };
  return {
    value: draft ?? value,
    onKeyDown: (event: KeyboardEvent<HTMLSelectElement>) => {
      if (event.key === 'Enter' && draft !== null) {
        event.preventDefault();
        commit(draft);
        return;
      }
      const typed = event.key.length === 1 && event.key !== ' ';
      movedByKey.current = !event.altKey && !event.ctrlKey && !event.metaKey && (SELECT_MOVE_KEYS.has(event.key) || typed);
    },
    onChange: (event: ChangeEvent<HTMLSelectElement>) => {
      const next = event.currentTarget.value;
      if (movedByKey.current) setDraft(next);
      else commit(next);
      movedByKey.current = false;
    },
    onBlur: () => {
      movedByKey.current = false;
      if (draft !== null) commit(draft);
    },
  };
}
