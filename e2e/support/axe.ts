// Accessibility checks with axe-core: a screen passes when axe finds no serious or critical
// violation of WCAG 2.1 A and AA (issue 21, point 3). Findings are collected softly so that one
// run lists every screen's problems, each with the element and axe's summary.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Waits (at most 2 s) for the page's finite animations and transitions to end: axe reads colours as
 * they are painted, so a toast or dialog fading in would be measured half transparent and reported
 * as low contrast (seen with the renewals' success toast). Endless ones (spinners) are not waited for.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page
    .evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, 2000)),
      ]),
    )
    .catch(() => undefined);
}

/** The serious and critical findings on the page as it is now, one line per element. */
export async function seriousFindings(page: Page): Promise<string[]> {
  await animationsSettled(page);
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

// The axe-core build AxeBuilder injects, read once per worker.
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What the page's `axe` answers, as far as read here. */
type AxeInPage = {
  run: (
    context: Document,
    options: object,
  ) => Promise<{
    violations: { id: string; impact?: string | null; nodes: { target: unknown[]; failureSummary?: string }[] }[];
  }>;
};

type Finding = { id: string; impact: string | null; nodes: { target: string[]; failureSummary: string }[] };

/**
 * The same check as `seriousFindings` (same tags and impacts, in the page and its same-origin frames),
 * with axe injected once per document instead of on every run: a screen checked at two widths, or
 * again after a click, runs axe in the document that already has it (the all-routes test).
 */
export async function seriousFindingsInPlace(page: Page): Promise<string[]> {
  // No animationsSettled here: the all-routes walk checks every route at both widths, and waiting on
  // each made its organiser parts pass their time limit (second CI run of 2026-12-03).
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    const present = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (!present) await frame.evaluate(AXE_SOURCE).catch(() => undefined);
  }
  const violations = await page.evaluate(async (tags): Promise<Finding[]> => {
    const axe = (window as unknown as { axe: AxeInPage }).axe;
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
      iframes: true,
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map((part) => (Array.isArray(part) ? part.join(' ') : String(part))),
        failureSummary: node.failureSummary ?? '',
      })),
    }));
  }, TAGS);
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary}`,
      ),
    );
}

/** `expectAccessible` with `seriousFindingsInPlace`. */
export async function expectAccessibleInPlace(page: Page, screen: string): Promise<void> {
  expect.soft(await seriousFindingsInPlace(page), `${screen} (${page.viewportSize()?.width ?? '?'} px)`).toEqual([]);
}
