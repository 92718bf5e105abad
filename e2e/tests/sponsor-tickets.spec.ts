// Named sponsor tickets and check-in (issue 59 point 5) against the production build: a confirmed
// sponsorship with two seats; the sponsor names two people from the invitation link on a 375 px phone;
// each gets a ticket mail with a code; at the door (375 px) one is checked in by the typed code, the
// other by a photo of the QR code; the second scan is refused with the time; a forged code is refused;
// the sponsor sees who came, the organiser sees the list. Before the door, the sponsor gives the second
// seat to another person ("Change person"): the old code is refused as replaced, the new one admits.
// German and English, axe clean.
import QRCode from 'qrcode';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { openEventArea } from '../support/event-workspace.ts';
import { listMails } from '../support/mailbox.ts';
import { uniqueEmail } from '../support/session.ts';
import { openFlowStep } from '../support/sponsor-flow.ts';
import { confirmedSponsorship, createWorld, openPhone } from '../support/world.ts';

const TEXT = {
  de: {
    title: 'Tickets: wer kommt',
    name: 'Name',
    email: 'E-Mail-Adresse',
    add: 'Person benennen',
    seats: '2 von 2 Plätzen benannt.',
    subject: 'Ihr Ticket für',
    code: 'Ticket-Code',
    check: 'Prüfen',
    photo: 'Foto des QR-Codes wählen',
    admitted: 'Eingelassen',
    already: /Bereits eingecheckt um \d\d:\d\d Uhr/,
    forged: 'Ungültiger Code: Dieses Ticket ist nicht von uns ausgestellt.',
    came: 'Eingecheckt:',
    counts: '2 von 2 Plätzen benannt, 2 eingecheckt.',
    change: (name: string) => `Person ändern statt ${name}`,
    save: 'Ticket übertragen',
    changed: 'hat jetzt das Ticket; das bisherige gilt nicht mehr.',
    replaced: 'Dieses Ticket gibt es nicht (mehr): Es wurde ersetzt oder entfernt.',
  },
  en: {
    title: 'Tickets: who is coming',
    name: 'Name',
    email: 'E-mail address',
    add: 'Name person',
    seats: '2 of 2 seats named.',
    subject: 'Your ticket for',
    code: 'Ticket code',
    check: 'Check',
    photo: 'Choose a photo of the QR code',
    admitted: 'Admitted',
    already: /Already checked in at \d\d:\d\d/,
    forged: 'Invalid code: this ticket was not issued by us.',
    came: 'Checked in:',
    counts: '2 of 2 seats named, 2 checked in.',
    change: (name: string) => `Change person instead of ${name}`,
    save: 'Give the ticket',
    changed: 'now holds the ticket; the previous one no longer works.',
    replaced: 'This ticket no longer exists: it was replaced or removed.',
  },
} as const;

/** The code of the newest ticket mail to `to` (the highlighted line of the mail). */
async function ticketCodeFor(to: string, subject: string): Promise<string> {
  await expect(async () => {
    const mail = (await listMails()).find((m) => m.to === to && m.subject.startsWith(subject));
    expect(mail).toBeDefined();
  }).toPass({ timeout: 15_000 });
  const mail = (await listMails()).find((m) => m.to === to && m.subject.startsWith(subject))!;
  return /\n {4}(\S+)\n/.exec(mail.text)![1]!;
}

for (const language of ['de', 'en'] as const) {
  test(`a sponsor names two people from the link on a phone; both are checked in at the door, a second scan is refused (${language})`, async ({
    browser,
    page,
  }) => {
    test.setTimeout(150_000);
    const text = TEXT[language];
    await page.setViewportSize({ width: 1280, height: 900 });
    const world = await createWorld(page, {
      language,
      event: { title: `Sommergala ${Date.now()}`, description: 'Gala.' },
      benefits: [{ title: 'Tickets', kind: 'tickets', due_date: '2030-06-30', sponsor_delivers: true, quantity: 2 }],
    });
    const event = world.event;
    const sponsor = await confirmedSponsorship(page, world, { prefix: 'tickets' });
    const people = [
      { name: 'Ada Lovelace', email: uniqueEmail('ada') },
      { name: 'Grace Hopper', email: uniqueEmail('grace') },
    ];

    // The sponsor names both from the link on a phone.
    const guest = await openPhone(browser, language, sponsor.link);
    const step = await openFlowStep(guest, 'deliver');
    const seats = step.getByRole('region', { name: text.title });
    for (const person of people) {
      await seats.getByLabel(text.name, { exact: true }).fill(person.name);
      await seats.getByLabel(text.email).fill(person.email);
      await seats.getByRole('button', { name: text.add }).click();
      await expect(seats.getByText(person.email)).toBeVisible();
    }
    await expect(seats).toContainText(text.seats);
    await expect(seats.getByRole('button', { name: text.add })).toHaveCount(0);
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(guest, `sponsor tickets ${language}`);
    await guest.screenshot({ path: test.info().outputPath(`sponsor-named-${language}.png`), fullPage: true });

    // Grace cannot come: the sponsor gives her seat to Katherine, who gets her own ticket.
    const replacedCode = await ticketCodeFor(people[1]!.email, text.subject);
    const katherine = { name: 'Katherine Johnson', email: uniqueEmail('katherine') };
    await seats.getByRole('button', { name: text.change(people[1]!.name) }).click();
    await seats.getByLabel(text.name, { exact: true }).fill(katherine.name);
    await seats.getByLabel(text.email).fill(katherine.email);
    await expectAccessible(guest, `sponsor change person ${language}`);
    await guest.screenshot({ path: test.info().outputPath(`sponsor-change-${language}.png`), fullPage: true });
    await seats.getByRole('button', { name: text.save }).click();
    await expect(guest.getByText(text.changed)).toBeVisible();
    await expect(seats.getByText(katherine.email)).toBeVisible();
    await expect(seats.getByText(people[1]!.email)).toHaveCount(0);
    await expect(seats).toContainText(text.seats);
    await guest.setViewportSize({ width: 1280, height: 800 });
    await guest.screenshot({ path: test.info().outputPath(`sponsor-changed-1280-${language}.png`), fullPage: true });
    await guest.setViewportSize({ width: 375, height: 800 });
    people[1] = katherine;

    const [first, second] = [
      await ticketCodeFor(people[0]!.email, text.subject),
      await ticketCodeFor(people[1]!.email, text.subject),
    ];

    // The door on a phone: the first by the typed code, the second by a photo of its QR code.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/edit-event/${event.id}/check-in`);
    await page.getByLabel(text.code).fill(first);
    await page.getByRole('button', { name: text.check }).click();
    await expect(page.getByText(text.admitted, { exact: true })).toBeVisible();
    await expect(page.getByText(people[0]!.name)).toBeVisible();
    await expectAccessible(page, `door admitted ${language}`);
    await page.screenshot({ path: test.info().outputPath(`door-admitted-${language}.png`), fullPage: true });

    const qr = await QRCode.toBuffer(second, { type: 'png', width: 360, margin: 2 });
    await page.getByLabel(text.photo).setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: qr });
    await expect(page.getByText(people[1]!.name)).toBeVisible();
    await expect(page.getByText(text.admitted, { exact: true })).toBeVisible();

    // The same ticket again: refused, with the time of the first.
    await page.getByLabel(text.code).fill(first);
    await page.getByRole('button', { name: text.check }).click();
    await expect(page.getByText(text.already)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`door-again-${language}.png`), fullPage: true });

    // Grace's ticket was given to Katherine: refused as replaced.
    await page.getByLabel(text.code).fill(replacedCode);
    await page.getByRole('button', { name: text.check }).click();
    await expect(page.getByText(text.replaced)).toBeVisible();

    // A code changed in one letter: forged.
    const last = first.at(-1) === 'A' ? 'B' : 'A';
    await page.getByLabel(text.code).fill(`${first.slice(0, -1)}${last}`);
    await page.getByRole('button', { name: text.check }).click();
    await expect(page.getByText(text.forged)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, `door refused ${language}`);

    // The sponsor sees who came; the organiser the list.
    await guest.reload();
    const after = (await openFlowStep(guest, 'deliver')).getByRole('region', { name: text.title });
    await expect(after.getByText(text.came)).toHaveCount(2);
    // A used ticket cannot be given to someone else.
    await expect(after.getByRole('button', { name: text.change(people[0]!.name) })).toHaveCount(0);
    await guest.screenshot({ path: test.info().outputPath(`sponsor-came-${language}.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await openEventArea(page, event.id, 'fulfilment');
    await expect(page.getByText(text.counts)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`organiser-list-${language}.png`), fullPage: true });
    await guest.context().close();
  });
}
