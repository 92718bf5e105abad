// The organiser with many sponsors in the event's sponsors table: chips by status with counts and a search by
// address narrow the list; the filter is in the URL (a reload keeps it) and works by keyboard, on a
// phone and on a desktop, in German and English. Sending an invitation again waits an hour after the
// last (the reminder itself is in the API's and the card's tests: the server's clock cannot move here).
// The whole list saves as CSV.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { closeSponsorship, openEventArea, openSponsorship } from '../support/event-workspace.ts';
import { createEventWithAgreement } from '../support/events.ts';
import { signInOnboardedUser, uniqueEmail } from '../support/session.ts';

const TEXT = {
  de: {
    all: 'Alle',
    invited: 'Eingeladen',
    declined: 'Abgelehnt',
    search: 'Sponsoren nach Name oder E-Mail-Adresse suchen',
    shown: (shown: number, total: number) => `${shown} von ${total} Sponsoren`,
    none: 'Kein Sponsor passt zu diesem Filter.',
    showAll: 'Alle zeigen',
    remind: 'Einladung erneut senden',
    recent: 'Die Einladung wurde vor weniger als einer Stunde gesendet.',
    remindAll: '5 Sponsoren erinnern',
    selectAll: (count: number) => `Alle ${count} angezeigten auswählen`,
    clearSelection: 'Auswahl aufheben',
    send: 'Einladungen senden',
    remindedAll: '0 erinnert, 5 übersprungen (in der letzten Stunde eingeladen).',
    export: 'Als CSV exportieren',
  },
  en: {
    all: 'All',
    invited: 'Invited',
    declined: 'Declined',
    search: 'Search sponsors by name or e-mail address',
    shown: (shown: number, total: number) => `${shown} of ${total} sponsors`,
    none: 'No sponsor matches this filter.',
    showAll: 'Show all',
    remind: 'Send invitation again',
    recent: 'The invitation was sent less than an hour ago.',
    remindAll: 'Remind 5 sponsors',
    selectAll: (count: number) => `Select all ${count} shown`,
    clearSelection: 'Clear selection',
    send: 'Send invitations',
    remindedAll: '0 reminded, 5 skipped (invited within the last hour).',
    export: 'Export as CSV',
  },
} as const;

/** Seven sponsors invited through the API, the last two declined by the organiser. */
async function sevenSponsors(page: Page, accessToken: string, eventId: number) {
  const auth = { Authorization: `Bearer ${accessToken}` };
  const emails: string[] = [];
  for (let i = 0; i < 7; i++) {
    const email = uniqueEmail(i === 0 ? 'brauerei' : `sponsor${i}`);
    const invited = await page.request.post('/api/sponsor-invitation', {
      headers: auth,
      data: { email, event_id: eventId },
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    const { sponsorId } = (await invited.json()) as { sponsorId: number };
    if (i >= 5) {
      const declined = await page.request.post(`/api/sponsorships/${sponsorId}/status`, {
        headers: auth,
        data: { status: 'declined' },
      });
      expect(declined.ok(), await declined.text()).toBe(true);
    }
    emails.push(email);
  }
  return emails;
}

for (const language of ['de', 'en'] as const) {
  for (const width of [375, 1280]) {
    test(`the event's sponsors filter by status and address, kept in the URL (${language}, ${width} px)`, async ({
      page,
    }) => {
      const text = TEXT[language];
      await page.setViewportSize({ width, height: 900 });
      const organiser = await signInOnboardedUser(page, { language });
      const event = await createEventWithAgreement(page, organiser.tokens.accessToken, {
        title: `Stadtfest ${Date.now()}`,
        event_date: '2030-07-04',
        location: 'Marktplatz',
        description: 'Fest.',
      });
      const emails = await sevenSponsors(page, organiser.tokens.accessToken, event.id);

      await openEventArea(page, event.id, 'sponsors');
      const rows = page.getByTestId('sponsor-row');
      await expect(rows).toHaveCount(7);
      const chips = page.getByRole('group', { name: language === 'de' ? 'Nach Status' : 'By status' });
      await expect(chips.getByRole('button')).toHaveText([`${text.all}7`, `${text.invited}5`, `${text.declined}2`]);

      // By keyboard: the declined chip, then Enter.
      await chips.getByRole('button', { name: new RegExp(text.declined) }).focus();
      await page.keyboard.press('Enter');
      await expect(rows).toHaveCount(2);
      await expect(page.getByTestId('sponsorships-shown')).toHaveText(text.shown(2, 7));
      await expect(page).toHaveURL(/sponsorship_status=declined/);
      await page.screenshot({ path: test.info().outputPath(`declined-${language}-${width}.png`), fullPage: true });

      // A reload keeps the filter; the search narrows the invited ones as one types.
      await page.reload();
      await expect(rows).toHaveCount(2);
      await chips.getByRole('button', { name: new RegExp(text.invited) }).click();
      await expect(rows).toHaveCount(5);
      // All five ticked and reminded at once, after asking: each was invited a moment ago, so each is skipped.
      await page.getByRole('checkbox', { name: text.selectAll(5) }).check();
      await page.getByRole('button', { name: text.remindAll }).click();
      await page.screenshot({ path: test.info().outputPath(`remind-all-${language}-${width}.png`) });
      await page.getByRole('alertdialog').getByRole('button', { name: text.send }).click();
      await expect(page.getByText(text.remindedAll)).toBeVisible();
      await page.getByRole('button', { name: text.clearSelection }).click();
      await page.getByRole('searchbox', { name: text.search }).fill('brauerei');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(emails[0]!);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/sponsorship_search=brauerei/);
      // Sending the invitation again right after the first: the server says to wait (at most hourly).
      const panel = await openSponsorship(page, event.id, emails[0]!);
      await panel.getByRole('button', { name: text.remind }).click();
      await expect(page.getByText(text.recent)).toBeVisible();
      await closeSponsorship(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // Nothing matches: said so, and one click shows all again.
      await chips.getByRole('button', { name: new RegExp(text.declined) }).click();
      await expect(page.getByText(text.none)).toBeVisible();
      await page.getByRole('button', { name: text.showAll }).click();
      await expect(rows).toHaveCount(7);
      await expect(page).not.toHaveURL(/sponsorship_/);

      // Every sponsor as a spreadsheet, whatever the filter shows.
      await chips.getByRole('button', { name: new RegExp(text.declined) }).click();
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: text.export }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^sponsors-event-${event.id}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
      );
      const csv = fs.readFileSync((await download.path())!, 'utf8');
      const lines = csv
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe('sponsor_email;company;public_name;status;package;amount;figure;invited_at;updated_at');
      expect(lines.slice(1).map((line) => line.split(';')[0]!.replace(/"/g, ''))).toEqual(emails);
      expect(lines.filter((line) => line.includes('"declined"'))).toHaveLength(2);
    });
  }
}
