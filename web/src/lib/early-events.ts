/**
 * What a shopper did before the app was ready, acted on once it is (issue 33). The page's event contract
 * (`src/boot/event-contract.js`, inlined into the head) records presses, submits and typing from the first byte;
 * {@link replayEarlyEvents} takes them and plays them on the hydrated page, in order, each once.
 */

/** Where the held event happened, for the contract's own `find` (its `describe`); opaque here. */
export type EarlyEventPlace = Readonly<Record<string, unknown>>;

/** One held event (the contract's records). */
export type EarlyEvent =
  | { kind: 'press'; element: Element; textField: boolean; pointerType: string; description: EarlyEventPlace }
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
  /**
   * The control `event` was held on, or the one control standing in its place if hydration replaced it, or `null`:
   * the event is then dropped, never played on another control (the rule beside the one that described it).
   */
  find(event: EarlyEvent): Element | null;
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

function unmark(element: Element) {
  element.removeAttribute(EARLY_PRESS_ATTRIBUTE);
  element.removeAttribute('aria-busy');
}

/**
 * A press as the browser makes it: pointer and mouse down and up, then the click. Widgets that act on the pointer's
 * down (Radix's menu trigger) and those that act on the click both see it once. A text field gets the click alone.
 */
function press(element: Element, textField: boolean, pointerType: string) {
  if (!(element instanceof HTMLElement)) return;
  if (!textField) {
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
      replay(event, contract.find(event));
    } catch (error) {
      console.warn('an early event could not be played', event.kind, error);
    }
  }
}

function replay(event: EarlyEvent, element: Element | null) {
  if (!element) return;
  if (event.kind === 'press') {
    unmark(element);
    press(element, event.textField, event.pointerType);
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
