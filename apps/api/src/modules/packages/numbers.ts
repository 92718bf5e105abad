// GET /organisation/{organisationId}/sponsoring-numbers (issue 18, point 6): per event and package,
// slots sold of those available and the sums committed and in negotiation; the deliverables' progress
// comes from the fulfilment module. Two grouped queries for the whole organisation, however many
// events it has, so the event list and the dashboard read it in one request. The sums are the
// sponsorships module's aggregates (sponsorships/figures.ts, docs/glossary.md), so an event's figures
// here are the event list's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZSponsoringNumbers,
  type EventSponsoringNumbersWire,
  type FulfilmentProgressWire,
  type SponsoringNumbersWire,
} from '@sp/shared';
import type { Db } from '../../db/index.ts';
import { fromDbBool } from '../../db/values.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import type { EventAccess } from '../access/index.ts';
import { sponsorshipFigureColumns, toSponsorshipFigures } from '../sponsorships/index.ts';

/** The deliverables' progress per event id; events without deliverables may be missing. */
export type FulfilmentProgressOf = (organisationId: number) => Promise<Map<number, FulfilmentProgressWire>>;

const NO_PROGRESS: FulfilmentProgressWire = { done: 0, total: 0, overdue: 0 };

export function createNumbersRepository(db: Db) {
  return {
    async packages(organisationId: number) {
      return db
        .selectFrom('packages as p')
        .leftJoin('sponsorship_choices as c', 'c.package_id', 'p.id')
        .leftJoin('sponsorships as s', 's.id', 'c.sponsorship_id')
        .select(['p.id', 'p.event_id', 'p.name', 'p.archived', 'p.sold', 'p.capacity', 'p.position'])
        .select(sponsorshipFigureColumns())
        .where('p.organisation_id', '=', organisationId)
        .groupBy(['p.id', 'p.event_id', 'p.name', 'p.archived', 'p.sold', 'p.capacity', 'p.position'])
        .orderBy('p.event_id')
        .orderBy('p.position')
        .orderBy('p.id')
        .execute();
    },

    async events(organisationId: number) {
      return db
        .selectFrom('sponsorships as s')
        .select('s.event_id')
        .select(sponsorshipFigureColumns())
        .where('s.organisation_id', '=', organisationId)
        .groupBy('s.event_id')
        .execute();
    },
  };
}

type NumbersRepository = ReturnType<typeof createNumbersRepository>;

export async function sponsoringNumbers(
  repo: NumbersRepository,
  fulfilmentOf: FulfilmentProgressOf,
  organisationId: number,
): Promise<SponsoringNumbersWire> {
  const [packages, events, progress] = await Promise.all([
    repo.packages(organisationId),
    repo.events(organisationId),
    fulfilmentOf(organisationId),
  ]);
  const byEvent = new Map<number, EventSponsoringNumbersWire>();
  const entry = (eventId: number) => {
    let found = byEvent.get(eventId);
    if (!found) {
      found = {
        event_id: eventId,
        packages: [],
        committed_cents: 0,
        in_negotiation_cents: 0,
        fulfilment: progress.get(eventId) ?? NO_PROGRESS,
      };
      byEvent.set(eventId, found);
    }
    return found;
  };
  for (const row of packages) {
    const figures = toSponsorshipFigures(row);
    entry(row.event_id).packages.push({
      package_id: row.id,
      name: row.name,
      archived: fromDbBool(row.archived),
      sold: Number(row.sold),
      capacity: row.capacity === null ? null : Number(row.capacity),
      committed_cents: figures.committed_cents,
      in_negotiation_cents: figures.in_negotiation_cents,
    });
  }
  for (const row of events) {
    const event = entry(row.event_id);
    const figures = toSponsorshipFigures(row);
    event.committed_cents = figures.committed_cents;
    event.in_negotiation_cents = figures.in_negotiation_cents;
  }
  for (const eventId of progress.keys()) entry(eventId);
  const all = [...byEvent.values()].sort((a, b) => a.event_id - b.event_id);
  const sum = (pick: (e: EventSponsoringNumbersWire) => number) => all.reduce((total, e) => total + pick(e), 0);
  return {
    events: all,
    totals: {
      sold: all.reduce((total, e) => total + e.packages.reduce((n, p) => n + p.sold, 0), 0),
      committed_cents: sum((e) => e.committed_cents),
      in_negotiation_cents: sum((e) => e.in_negotiation_cents),
      fulfilment: {
        done: sum((e) => e.fulfilment.done),
        total: sum((e) => e.fulfilment.total),
        overdue: sum((e) => e.fulfilment.overdue),
      },
    },
  };
}

export const numbersRoutes: FastifyPluginAsyncZod<{
  repo: NumbersRepository;
  access: EventAccess;
  fulfilmentOf: FulfilmentProgressOf;
}> = async (app, { repo, access, fulfilmentOf }) => {
  app.get(
    '/organisation/:organisationId/sponsoring-numbers',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['packages'],
        summary: "Per event and package: slots sold, sums committed and in negotiation, deliverables' progress",
        security: [{ bearer: [] }],
        params: z.object({ organisationId: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: ZSponsoringNumbers, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => {
      const { organisationId } = request.params;
      await access.assertOrganiserOf(requireUser(request), organisationId);
      return sponsoringNumbers(repo, fulfilmentOf, organisationId);
    },
  );
};
