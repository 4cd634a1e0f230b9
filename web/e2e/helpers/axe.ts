import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Impacts that fail the build; minor and moderate findings are reported in the message only. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core (WCAG 2 A and AA rules) on the current page and fails on any serious or
 * critical violation, listing rule, impact, help text and the offending selectors.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  const report = blocking
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n'),
    )
    .join('\n');
  expect(blocking, report).toEqual([]);
}
