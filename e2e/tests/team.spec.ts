// Team end to end against the production build: an organiser invites a colleague by e-mail; the
// colleague follows the mailed link, registers, confirms with the mailed code and lands in the same
// organisation's dashboard with its events; then the organiser removes them again.
import { expect, test } from '@playwright/test';
import { listMails, waitForCode } from '../support/mailbox.ts';
import { PASSWORD, signInOnboardedUser, uniqueEmail } from '../support/session.ts';

const SIGN_UP_SUBJECT = /Bestätigungscode|confirmation code/i;

async function waitForInviteLink(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await listMails()).find((m) => m.to.toLowerCase() === email.toLowerCase());
    const link = mail?.text.match(/https?:\/\/\S+\/invite\/\?\S+/)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No invitation mail to ${email} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test('an organiser invites a colleague, who joins the organisation, and removes them again', async ({
  browser,
  page,
}) => {
  const organiser = await signInOnboardedUser(page, { language: 'de' });
  const eventTitle = `Teamfest ${Date.now()}`;
  const created = await page.request.post('/api/event/-1', {
    headers: { Authorization: `Bearer ${organiser.tokens.accessToken}` },
    data: { title: eventTitle, event_date: '2030-06-01', location: 'Stadthalle', description: 'Für das Team.' },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await page.goto('/dashboard/organizer/team');
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(page.getByText(organiser.email)).toBeVisible();

  const colleagueEmail = uniqueEmail('colleague');
  await page.getByLabel('E-Mail-Adresse').fill(colleagueEmail);
  await page.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(page.getByText('Einladung erfolgreich versendet!')).toBeVisible();
  await expect(page.getByTestId('invite-link')).toContainText('/invite/?');

  const link = await waitForInviteLink(colleagueEmail);
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await colleague.goto(link);
  await expect(colleague.getByText('Sportverein Musterstadt e. V.')).toBeVisible();
  await expect(colleague.getByLabel('E-Mail', { exact: true })).toHaveValue(colleagueEmail);
  await colleague.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await colleague.getByRole('button', { name: 'Registrieren' }).click();

  await expect(colleague).toHaveURL(/\/verify\/.+invited=true/);
  const code = await waitForCode(colleagueEmail, SIGN_UP_SUBJECT);
  await colleague.getByLabel('Bestätigungscode').fill(code);
  await colleague.getByRole('button', { name: 'Bestätigen', exact: true }).click();

  await expect(colleague).toHaveURL(/\/dashboard\/organizer\/?$/);
  await colleague.goto('/dashboard/organizer/events');
  await expect(colleague.getByText(eventTitle)).toBeVisible();
  await colleagueContext.close();

  await page.reload();
  const remove = page.getByRole('button', { name: `${colleagueEmail} entfernen` });
  await expect(remove).toBeVisible();
  await remove.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Entfernen' }).click();
  await expect(page.getByText('Teammitglieder erfolgreich entfernt')).toBeVisible();
  await expect(remove).toHaveCount(0);
  // The invitation stays listed, as accepted (issue 21, point 5); the member is gone.
  await expect(
    page.getByRole('listitem', { name: colleagueEmail }).getByText('Angenommen', { exact: true }),
  ).toBeVisible();
  // The owner's change log (decision 077) names the join and the removal; outside it the address is
  // named once, by its invitation.
  const log = page.getByTestId('operator-log');
  await expect(log.getByText(`${colleagueEmail} ist dem Team beigetreten`)).toBeVisible();
  await expect(log.getByText(`${colleagueEmail} aus dem Team entfernt`)).toBeVisible();
  const namedOutsideTheLog = (email: string) =>
    [...document.querySelectorAll('body *')].filter(
      (element) =>
        !element.closest('[data-testid="operator-log"]') &&
        [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.includes(email)),
    ).length;
  await expect.poll(() => page.evaluate(namedOutsideTheLog, colleagueEmail)).toBe(1);
});
