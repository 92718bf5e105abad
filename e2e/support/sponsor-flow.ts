// The sponsor's guided flow (decision 072): done and later steps are folded, so a spec that reads into
// one opens it first, as a sponsor would, by its header button.
import { expect, type Locator, type Page } from '@playwright/test';

export type FlowStepId = 'package' | 'details' | 'sign' | 'deliver' | 'pay';

/** The step's header button, e.g. to check aria-expanded. */
export const flowStepHeader = (scope: Page | Locator, step: FlowStepId): Locator =>
  scope.locator(`[data-testid="flow-step"][data-step="${step}"] > h3 > button`);

async function expand(header: Locator) {
  // The flow opens its next step by itself when the state moves on: click only while it is closed.
  await expect(async () => {
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    await expect(header).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
  }).toPass();
}

/** Opens one step of the flow (in `scope`: the page, or one sponsorship's card) and answers it. */
export async function openFlowStep(scope: Page | Locator, step: FlowStepId): Promise<Locator> {
  await expand(flowStepHeader(scope, step));
  return scope.locator(`[data-testid="flow-step"][data-step="${step}"]`);
}

/** Opens the (folded) public profile and answers its section. */
export async function openSponsorProfile(scope: Page | Locator): Promise<Locator> {
  const section = scope.locator('#sponsor-profile');
  await expand(section.getByRole('button', { name: /Sponsorenprofil|sponsor profile/i }));
  return section;
}
