// The daily overdue run: for the deliverables past their due date and not done or waived, one alert
// per account and day (organisation side: the assignee, or the organisers when nobody is assigned;
// sponsor side: the sponsor's account) and one digest e-mail per address and day (members and
// sponsor accounts who left it switched on in the settings; guest sponsors too). Every process runs
// it on a timer; a conditional update of the recipient's send row (modules' repository) decides
// which process sends, so nobody gets two. `run(at)` is what the timer and the tests call.
import type { Language } from '@sp/shared';
import type { FastifyBaseLogger } from 'fastify';
import { germanDay } from '../../lib/calendar.ts';
import { createTimerJob } from '../../lib/timer-job.ts';
import { renderFulfilmentDigestMail, type MailPort } from '../../ports/mail/index.ts';
import type { DomainEvents } from '../domain-events.ts';
import type { DeliverableRecord, FulfilmentRepository } from './repository.ts';

type Recipient = {
  account: string | null;
  email: string;
  language: Language;
  digest: boolean;
  link: string | null;
  alertLink: string;
};

const RUN_EVERY_MS = 15 * 60 * 1000;

export function createOverdueJob(deps: {
  repo: FulfilmentRepository;
  mail: MailPort;
  events: DomainEvents;
  log: FastifyBaseLogger;
  publicUrl: string;
  defaultLanguage: Language;
}) {
  const { repo, log } = deps;
  const languageOf = (value: string | null): Language =>
    value === 'de' || value === 'en' ? value : deps.defaultLanguage;

  /** Who hears of each overdue deliverable, with the deliverables each one hears of. */
  const recipients = async (overdue: DeliverableRecord[]) => {
    const byKey = new Map<string, { recipient: Recipient; items: DeliverableRecord[] }>();
    const add = (recipient: Recipient, d: DeliverableRecord) => {
      const key = recipient.email.toLowerCase();
      const found = byKey.get(key) ?? { recipient, items: [] };
      found.items.push(d);
      byKey.set(key, found);
    };
    const teams = new Map<number, Awaited<ReturnType<FulfilmentRepository['team']>>>();
    for (const d of overdue) {
      if (!teams.has(d.organisationId)) teams.set(d.organisationId, await repo.team(d.organisationId));
      const team = teams.get(d.organisationId)!;
      const assigned = team.filter((m) => m.id === d.assignee);
      for (const m of assigned.length > 0 ? assigned : team.filter((member) => member.organiser)) {
        const link = `${deps.publicUrl}/fulfilment/`;
        add(
          {
            account: m.id,
            email: m.email,
            language: languageOf(m.language),
            digest: m.digest,
            link,
            alertLink: '/fulfilment/',
          },
          d,
        );
      }
      const sponsor = await repo.account(d.sponsorEmailNormalized);
      add(
        {
          account: sponsor?.id ?? null,
          email: d.sponsorEmail,
          language: languageOf(sponsor?.language ?? null),
          digest: sponsor?.digest ?? true,
          link: sponsor ? `${deps.publicUrl}/dashboard-sponsor` : null,
          alertLink: '/dashboard-sponsor',
        },
        d,
      );
    }
    return [...byKey.values()];
  };

  const run = async (at: Date) => {
    const day = germanDay(at);
    const overdue = await repo.overdue(day);
    let alerts = 0;
    let mails = 0;
    for (const { recipient, items } of await recipients(overdue)) {
      if (recipient.account && (await repo.claimSend('alert', recipient.account, day, at))) {
        await deps.events.publish('deliverables.overdue', {
          recipients: [recipient.account],
          count: items.length,
          link: recipient.alertLink,
        });
        alerts += 1;
      }
      if (recipient.digest && (await repo.claimSend('mail', recipient.email.toLowerCase(), day, at))) {
        await deps.mail.send(
          renderFulfilmentDigestMail(
            recipient.email,
            {
              kind: 'fulfilment-digest',
              items: items.map((d) => ({
                title: d.title,
                sponsor: d.sponsorEmail,
                event: d.eventTitle,
                dueDate: d.dueDate ?? '',
              })),
              url: recipient.link,
            },
            recipient.language,
          ),
        );
        mails += 1;
      }
    }
    return { alerts, mails };
  };

  return {
    run,
    ...createTimerJob({ run, name: 'fulfilment-overdue', everyMs: RUN_EVERY_MS, log, failure: 'overdue run failed' }),
  };
}

export type OverdueJob = ReturnType<typeof createOverdueJob>;

const jobs = new WeakMap<object, OverdueJob>();
/** The job of the app on this database handle (tests run it with their fake clock). */
export const overdueJobOf = (db: object): OverdueJob | undefined => jobs.get(db);
export const keepOverdueJob = (db: object, job: OverdueJob) => jobs.set(db, job);
