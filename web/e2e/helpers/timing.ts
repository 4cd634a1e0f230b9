import type { Locator, Page } from '@playwright/test';

/**
 * Waiting for a state instead of for a span of time (issue 21: no `page.waitForTimeout`). Three tools:
 *
 * - {@link settle}: the page has run what an event or a timer just queued (a React render and its effects).
 * - {@link animationsDone}: the CSS animations and transitions under way have ended (a slide panel's opening, the
 *   top panel's foot sliding), before a screenshot, an axe scan or a measure of where things are.
 * - Playwright's clock for the spec's delays (hover intent, search debounce, captcha check, shake): install it before
 *   `page.goto`, let the page load with time flowing, {@link pauseClock}, then `page.clock.runFor(ms)`. What must
 *   not happen before a delay is checked one millisecond short of it, what must happen at it one millisecond later,
 *   whatever the machine's load. The clock fakes timers, `Date`, `performance` and `requestAnimationFrame`, not CSS
 *   animations, the network or the task queue; `page.clock.resume()` before waiting on anything else that needs time
 *   to flow (a TanStack Query notification, axe).
 */

/**
 * Lets the page run what it has queued: `turns` trips through its task queue by `MessageChannel`, which Playwright's
 * clock does not fake and which React's scheduler uses. After an event the test sent or a timer it fired with the
 * clock, the render that follows and its effects have run, so a check that something did NOT happen is not early.
 */
export async function settle(page: Page, turns = 5): Promise<void> {
  await page.evaluate(async (count) => {
    for (let turn = 0; turn < count; turn += 1) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  }, turns);
}

/**
 * Waits until no finite CSS animation or transition runs in the document (or under `scope`), after two frames, so
 * that one a change has just started is counted. Endless ones (a spinner) are left out.
 */
export async function animationsDone(target: Page | Locator): Promise<void> {
  const wait = async (root: Element | null) => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    await frame();
    await frame();
    const running = () =>
      (root ? root.getAnimations({ subtree: true }) : document.getAnimations()).filter(
        (animation) =>
          animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity),
      );
    for (let list = running(); list.length > 0; list = running()) {
      // A cancelled transition (reversed halfway) rejects `finished`: it is over too.
      await Promise.all(list.map((animation) => animation.finished.catch(() => undefined)));
    }
  };
  if ('evaluate' in target && 'goto' in target) await target.evaluate(wait, null);
  else await (target as Locator).evaluate(wait);
}

/** How far ahead of the page's time {@link pauseClock} stops it, ms: the page's time runs on while the call travels. */
const PAUSE_LEAD_MS = 100;

/**
 * Stops the page's clock (`page.clock.install()` before `goto`) a moment ahead of its current time: from here on no
 * timer fires unless the test runs the clock (`page.clock.runFor`) or resumes it. Timers due within that moment
 * fire first, so pause before the action whose delay is measured.
 */
export async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + PAUSE_LEAD_MS).catch((error: unknown) => {
    // The page's time passed the mark on a very busy machine: the clock has stopped where it was, which serves.
    if (!String(error).includes('Cannot fast-forward to the past')) throw error;
  });
}
