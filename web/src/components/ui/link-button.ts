import type { KeyboardEvent, MouseEvent } from 'react';

/**
 * Props that make a link act as a button once the app runs (issue 33), for a control whose page serves the shopper
 * without scripts (the header's contacts and "Заказать звонок": the contacts page):
 *
 * - without scripts the link leads to its `href`;
 * - with them a press calls `onPress` instead, unless it is made to open elsewhere (a modifier key, the middle
 *   button: the link's page, as it says), and Space presses it as it does a button;
 * - before the app is ready, the page's event contract holds a press for `onPress` (`data-hold-press`), and follows
 *   the link should the app never come.
 *
 * Spread onto the `<a>` beside its `href`.
 */
export function linkButtonProps(onPress: () => void) {
  return { role: 'button', 'data-hold-press': '', ...inPlaceLinkProps(onPress) } as const;
}

/**
 * Props that make a link act in place once the app runs, whatever its role (a button above; a facet's value,
 * a checkbox, issue 35): a press calls `onPress` instead of following the link, unless it is made to open elsewhere
 * (a modifier key, the middle button), and Space presses it. Without scripts the link is followed.
 */
export function inPlaceLinkProps(onPress: () => void) {
  return {
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button > 0) return;
      event.preventDefault();
      onPress();
    },
    onKeyDown: (event: KeyboardEvent<HTMLAnchorElement>) => {
      if (event.key !== ' ') return;
      event.preventDefault();
      if (!event.repeat) event.currentTarget.click();
    },
  } as const;
}
