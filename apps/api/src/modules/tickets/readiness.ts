// The tickets column of the readiness board (issue 59 point 1): per sponsorship of an event, whether
// every seat of its tickets benefits is named. Done when all are; waiting for the sponsor while seats
// are left before the naming deadline; overdue after it. One column per event, titled for the board.
import type { Db } from '../../db/index.ts';
import { germanDay } from '../../lib/calendar.ts';
import { createTicketsRepository } from './repository.ts';
import { namingDeadline } from './service.ts';

export type ReadinessCell = {
  state: 'done' | 'waiting_sponsor' | 'waiting_us' | 'overdue';
  label: string;
  due?: string | null;
};
export type ReadinessColumn = { columnKey: string; title: string; cells: Map<number, ReadinessCell> };

export async function ticketReadiness(
  db: Db,
  scope: { organisationId: number; eventId: number } | { organisationId: number; eventIds: readonly number[] },
  at: Date = new Date(),
): Promise<ReadinessColumn[]> {
  const repo = createTicketsRepository(db);
  // Several events (the organisation's board across events) are the same two queries.
  const eventIds = 'eventIds' in scope ? scope.eventIds : [scope.eventId];
  const [benefits, holders] = await Promise.all([
    repo.benefits({ organisationId: scope.organisationId, eventIds }),
    repo.holders({ eventIds }),
  ]);
  if (benefits.length === 0) return [];
  const today = germanDay(at);
  const named = new Map<number, number>();
  for (const h of holders) named.set(h.deliverableId, (named.get(h.deliverableId) ?? 0) + 1);
  const perSponsorship = new Map<number, { seats: number; named: number; deadline: string }>();
  for (const b of benefits) {
    const deadline = namingDeadline(b);
    const entry = perSponsorship.get(b.sponsorshipId) ?? { seats: 0, named: 0, deadline };
    entry.seats += b.quota;
    entry.named += Math.min(named.get(b.deliverableId) ?? 0, b.quota);
    if (deadline < entry.deadline) entry.deadline = deadline;
    perSponsorship.set(b.sponsorshipId, entry);
  }
  const cells = new Map<number, ReadinessCell>();
  for (const [sponsorshipId, s] of perSponsorship) {
    const label = `${s.named}/${s.seats}`;
    const state = s.named >= s.seats ? 'done' : today > s.deadline ? 'overdue' : 'waiting_sponsor';
    cells.set(sponsorshipId, { state, label, due: state === 'done' ? null : s.deadline });
  }
  return [{ columnKey: 'tickets', title: 'Tickets', cells }];
}
