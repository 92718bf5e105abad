// The shipments column of the readiness board (issue 59 point 1, built by another module): per
// sponsorship of the event, whether its announced parcels arrived. A sponsorship that announced
// nothing has no cell (not every sponsor ships anything, so nobody is chased for it); announced and
// not all received waits for us (the venue), unless an expected date has passed, then it is overdue;
// all received is done. Labels are received/announced parcels, the same in every language.
import type { Db } from '../../db/index.ts';
import { germanDay } from '../../lib/calendar.ts';
import { createShipmentsRepository, type ShipmentRecord } from './repository.ts';
import { isShipmentOverdue } from './service.ts';

export type ReadinessState = 'done' | 'waiting_sponsor' | 'waiting_us' | 'overdue';
export type ReadinessCell = { state: ReadinessState; label: string; due?: string | null };
export type ReadinessColumn = { columnKey: string; title: string; cells: Map<number, ReadinessCell> };

/** One sponsorship's cell from its shipments (pure, for the unit test). */
export function shipmentCell(
  shipments: Pick<ShipmentRecord, 'expectedDate' | 'receivedAt' | 'parcelCount'>[],
  today: string,
): ReadinessCell | null {
  if (shipments.length === 0) return null;
  const open = shipments.filter((s) => s.receivedAt === null);
  const parcels = shipments.reduce((n, s) => n + s.parcelCount, 0);
  if (open.length === 0) return { state: 'done', label: `${parcels}/${parcels}`, due: null };
  const received = parcels - open.reduce((n, s) => n + s.parcelCount, 0);
  const dates = open
    .map((s) => s.expectedDate)
    .filter((d): d is string => d !== null)
    .sort();
  const due = dates[0] ?? null;
  const label = `${received}/${parcels}`;
  return { state: open.some((s) => isShipmentOverdue(s, today)) ? 'overdue' : 'waiting_us', label, due };
}

export async function shipmentReadiness(
  db: Db,
  scope: { organisationId: number; eventId: number } | { organisationId: number; eventIds: readonly number[] },
  at: Date = new Date(),
): Promise<ReadinessColumn[]> {
  // Several events (the organisation's board across events) are the same two queries.
  const { sponsorshipIds, shipments } = await createShipmentsRepository(db).readiness(
    scope.organisationId,
    'eventIds' in scope ? scope.eventIds : scope.eventId,
  );
  const today = germanDay(at);
  const bySponsorship = new Map<number, ShipmentRecord[]>(sponsorshipIds.map((id) => [id, []]));
  for (const s of shipments) bySponsorship.get(s.sponsorshipId)?.push(s);
  const cells = new Map<number, ReadinessCell>();
  for (const [id, list] of bySponsorship) {
    const cell = shipmentCell(list, today);
    if (cell) cells.set(id, cell);
  }
  return cells.size === 0 ? [] : [{ columnKey: 'shipments', title: 'Shipments', cells }];
}
