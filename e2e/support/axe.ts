// Accessibility checks with axe-core: a screen passes when axe finds no serious or critical
// violation of WCAG 2.1 A and AA (issue 21, point 3). Findings are collected softly so that one
// run lists every screen's problems, each with the element and axe's summary.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** The serious and critical findings on the page as it is now, one line per element. */
export async function seriousFindings(page: Page): Promise<string[]> {
  // Only violations are read: axe then keeps a single node of each passed or incomplete rule (faster).
  // Legacy mode runs axe.run() in the page itself. The default opens a second page of the same context
  // for axe.finishRun() and closes it; twice in CI the tested page's next click then waited minutes for
  // a stable element with no frame painted (requestAnimationFrame stopped) right after that page closed.
  // The app embeds no cross-origin frame, the one thing legacy mode cannot look into.
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`,
      ),
    );
}

/** Checks the page softly: the test goes on and fails at its end with every screen's findings. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect.soft(await seriousFindings(page), `${screen} (${page.viewportSize()?.width ?? '?'} px)`).toEqual([]);
}
