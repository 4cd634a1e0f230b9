import { expect, test } from './test';
import { urlFor } from './servers';

/** `contentGeneration` of the worker's shop (`GET /api/health/render`). */
async function contentGeneration(): Promise<number> {
  const answer = await fetch(`${urlFor(test.info().parallelIndex)}/api/health/render`);
  return ((await answer.json()) as { contentGeneration: number }).contentGeneration;
}

/**
 * Runs `change`, a CLI command on the e2e database beside the running shop (`vitrina reviews publish`, `vitrina
 * stores import`), and waits until the shop has seen it: its content generation moves within a second (issue 22),
 * and pages rendered and kept before are not served again.
 */
export async function changeContent(change: () => void): Promise<void> {
  const before = await contentGeneration();
  change();
  await expect.poll(contentGeneration, { timeout: 10_000 }).toBeGreaterThan(before);
}
