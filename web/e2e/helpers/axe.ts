import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Impacts that fail the build; minor findings are reported in the message only. */
const BLOCKING = new Set(['moderate', 'serious', 'critical']);

/**
 * The rules scanned: WCAG 2.0, 2.1 and 2.2 A and AA, and axe's best practices (heading order, landmarks), as
 * Lighthouse's accessibility score runs them (issue 9). Not axe's experimental label-in-name rule: it takes the
 * filled mini cart's count badge and sum (values beside an icon, not its label; the name "Корзина: 1 товар на
 * 3 490 ₽" says both) for a label missing from the name. Lighthouse runs it on a fresh visitor's pages, where it
 * passes.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs axe-core ({@link TAGS}) on the current page and fails on any moderate, serious or critical violation,
 * listing rule, impact, help text and the offending selectors. `disableRules`: rule ids left out of this scan, for
 * a state axe cannot judge (say why at the call).
 */
export async function expectNoSeriousA11yViolations(page: Page, disableRules: string[] = []): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).disableRules(disableRules).analyze();
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
