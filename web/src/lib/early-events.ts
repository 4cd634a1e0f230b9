/**
 * What a shopper did before the app was ready, acted on once it is (issue 33). The page's event contract
 * (`src/boot/event-contract.js`, inlined into the head) records presses, submits and typing from the first byte;
 * {@link replayEarlyEvents} takes them and plays them on the hydrated page, in order, each once.
 */

/** Where the held event happened, to find the control again if hydration replaced it (the contract's `describe`). */
export interface EarlyEventPlace {
  /** `aria-label`, else the text, spaces collapsed. */
  label: string;
  testId: string;
  /** `data-offer-id` of the card or page around it (`''` for none): the offer a card's control acts on. */
  offer: string;
  /** How many controls of the page before it share the label and test id. */
  nth: number;
}

/** One held event (the contract's records). */
export type EarlyEvent =
  | { kind: 'press'; element: Element; pointerType: string; description: EarlyEventPlace }
  | { kind: 'submit'; element: HTMLFormElement; submitter: HTMLElement | null; description: EarlyEventPlace }
  | {
      kind: 'value';
      element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
      value: string;
      description: EarlyEventPlace;
    };

/** The contract's handle on `window`. */
export interface EarlyEventContract {
  /** Stops recording; the held events, oldest first. */
  take(): EarlyEvent[];
}

declare global {
  interface Window {
    vitrinaEarlyEvents?: EarlyEventContract;
  }
}

/** Marks a part of the page not hydrated yet (`HydrationPending`, inside a server-rendered `Suspense` boundary). */
export const HYDRATION_PENDING_ATTRIBUTE = 'data-hydration-pending';

/**
 * Resolves once no part of `root` waits for hydration (no {@link HYDRATION_PENDING_ATTRIBUTE} mark is left), or
 * after `timeoutMs` at the latest: React hydrates the page's `Suspense` boundaries after the page itself, and a press
 * replayed on a control not hydrated yet would be dropped.
 */
export function whenHydrated(root: HTMLElement | null, timeoutMs: number): Promise<void> {
  const pending = () => root?.querySelector(`[${HYDRATION_PENDING_ATTRIBUTE}]`) != null;
  if (!root || !pending()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (!pending()) done();
    });
    observer.observe(root, { childList: true, subtree: true });
    const timer = setTimeout(done, timeoutMs);
  });
}

/** Marks the contract puts on a held press's control (CSS draws it busy, `global.css`). */
export const EARLY_PRESS_ATTRIBUTE = 'data-early-press';

const CONTROLS =
  'button, input, select, textarea, a[href], [role="button"], [role="tab"], [role="checkbox"], [role="switch"], ' +
  '[role="menuitem"], [role="option"], [role="combobox"]';

function labelOf(element: Element): string {
  return element.getAttribute('aria-label') || (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The control an event was held on: the same element when hydration kept it (the rule: the server's HTML is the
 * first render's), else the one control that stands in its place, or `null` (the press is dropped, never played on
 * another control):
 *
 * - the page's only control with its test id (and offer, on a card): a widget whose name changes once the visitor's
 *   own data is there (the mini cart's count and sum) or whose element the app swaps (a link for a button);
 * - else the control with the same name for people, test id and offer at the same place among its namesakes.
 *
 * A card's "В корзину" that became the link "В корзине" (the offer was in the basket already) is not found again.
 */
export function findAgain<T extends Element>(element: T, place: EarlyEventPlace, root: ParentNode = document): T | Element | null {
  if (element.isConnected) return element;
  const offerOf = (candidate: Element) => candidate.closest('[data-offer-id]')?.getAttribute('data-offer-id') ?? '';
  const all = Array.from(root.querySelectorAll(`${CONTROLS}, form`)).filter(
    (candidate) => (candidate.getAttribute('data-testid') ?? '') === place.testId && offerOf(candidate) === (place.offer ?? ''),
  );
  if (place.testId && all.length === 1) return all[0]!;
  const namesakes = all.filter((candidate) => labelOf(candidate) === place.label);
  return namesakes[place.nth] ?? null;
}

function unmark(element: Element) {
  element.removeAttribute(EARLY_PRESS_ATTRIBUTE);
  element.removeAttribute('aria-busy');
}

function isTextField(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  if (element instanceof HTMLTextAreaElement) return true;
  return element instanceof HTMLInputElement && !/^(checkbox|radio|submit|button|reset|image|file|color|range)$/.test(element.type);
}

/**
 * A press as the browser makes it: pointer and mouse down and up, then the click. Widgets that act on the pointer's
 * down (Radix's menu trigger) and those that act on the click both see it once. A text field gets the click alone.
 */
function press(element: Element, pointerType: string) {
  if (!(element instanceof HTMLElement)) return;
  if (!isTextField(element)) {
    const init = { bubbles: true, cancelable: true, composed: true, button: 0 };
    const pointer = { ...init, pointerId: 1, isPrimary: true, pointerType: pointerType || 'mouse' };
    const Pointer = typeof PointerEvent === 'function' ? PointerEvent : MouseEvent;
    element.dispatchEvent(new Pointer('pointerdown', { ...pointer, buttons: 1 }));
    element.dispatchEvent(new MouseEvent('mousedown', { ...init, buttons: 1 }));
    element.dispatchEvent(new Pointer('pointerup', pointer));
    element.dispatchEvent(new MouseEvent('mouseup', init));
  }
  element.click();
}

/**
 * A value typed or chosen before hydration, handed to the app as if typed now. React keeps a field's value in a
 * tracker and fires `onChange` only when the field's value differs from it: the tracked value is emptied through
 * the element's own setter (React's), the field given the value through the prototype's, and the browser's own
 * `input` (`change` for a select) event sent.
 */
function setValue(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  if (element instanceof HTMLSelectElement) {
    if (element.value === value) element.value = '';
    element.value = value;
    element.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if ((element as HTMLInputElement).readOnly) return;
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  element.value = value === '' ? ' ' : '';
  if (setter) setter.call(element, value);
  else element.value = value;
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The next task: the renders and effects of an event's updates are done by then. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Takes the events the contract held and acts on each, in order: a press is pressed again on its control, a
 * submit submits its form (as its submitter would), a value is set and announced. Each waits for the app to have
 * drawn the one before (a task apart), as the shopper's own did: a submit sees the text typed before it. Once called,
 * the contract records no more: the app's listeners take everything from here. Does nothing on a page without the
 * contract (tests).
 */
export async function replayEarlyEvents(
  contract: EarlyEventContract | undefined = window.vitrinaEarlyEvents,
  pause: () => Promise<void> = nextTask,
): Promise<void> {
  if (!contract) return;
  const events = contract.take();
  for (const [index, event] of events.entries()) {
    if (index > 0) await pause();
    if (event.kind === 'press') unmark(event.element);
    // One event that cannot be played (its control gone, a form that refuses its submitter) loses itself alone.
    try {
      replay(event);
    } catch (error) {
      console.warn('an early event could not be played', event.kind, error);
    }
  }
}

function replay(event: EarlyEvent) {
  const element = findAgain(event.element, event.description);
  if (!element) return;
  if (event.kind === 'press') {
    unmark(element);
    press(element, event.pointerType);
  } else if (event.kind === 'submit') {
    if (!(element instanceof HTMLFormElement)) return;
    const submitter = event.submitter;
    const own = submitter?.isConnected && (submitter as HTMLButtonElement).form === element && submitter.getAttribute('type') !== 'button';
    element.requestSubmit(own ? submitter : null);
  } else if (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  ) {
    setValue(element, event.value);
  }
}
