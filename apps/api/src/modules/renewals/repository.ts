// Kysely for renewals: the one writer of renewal_offers (decision 101). An offer is inserted in the
// inviting transaction, where the unique (event_id, previous_sponsorship_id) makes a second offer at
// once a conflict that rolls the second invitation back; an answer is one conditional update of
// `status` (offered, and the deadline not passed), so accept and decline at once change it once.
// Everything else here only reads other modules' tables.
import type { Db } from '../../db/index.ts';
import type { RenewalOffersTable } from '../../db/schema.ts';
import { fromDbTime, fromDbTimeOrNull, toDbBool, toDbTime } from '../../db/values.ts';
import { AppError } from '../../lib/errors.ts';

/** Statuses of the previous edition that count as its sponsors. */
export const RENEWABLE_STATUSES = ['signed', 'confirmed'] as const;

export type PreviousSponsor = {
  sponsorshipId: number;
  email: string;
  emailNormalized: string;
  language: 'de' | 'en' | null;
  sponsorName: string | null;
  packageName: string | null;
};

export type OfferRecord = {
  id: number;
  organisationId: number;
  eventId: number;
  previousSponsorshipId: number;
  sponsorshipId: number;
  packageId: number;
  deadline: string;
  language: 'de' | 'en';
  status: RenewalOffersTable['status'];
  offeredAt: Date;
  decidedAt: Date | null;
};

export type NewOffer = Omit<OfferRecord, 'id' | 'status' | 'decidedAt' | 'sponsorshipId'> & { offeredBy: string };

/** Thrown inside the inviting transaction when the sponsor already has an offer: rolls it back. */
export class AlreadyOffered extends AppError {
  constructor() {
    super('request.conflict', 'This sponsor already has a renewal offer');
  }
}

type Row = Omit<RenewalOffersTable, 'id'> & { id: number };
const toRecord = (r: Row): OfferRecord => ({
  id: Number(r.id),
  organisationId: Number(r.organisation_id),
  eventId: Number(r.event_id),
  previousSponsorshipId: Number(r.previous_sponsorship_id),
  sponsorshipId: Number(r.sponsorship_id),
  packageId: Number(r.package_id),
  deadline: r.deadline,
  language: r.language,
  status: r.status,
  offeredAt: fromDbTime(r.offered_at),
  decidedAt: fromDbTimeOrNull(r.decided_at),
});

export function createRenewalsRepository(db: Db) {
  return {
    /** The previous edition's sponsors (signed or confirmed), with their package and public name. */
    async previousSponsors(previousEventId: number): Promise<PreviousSponsor[]> {
      const rows = await db
        .selectFrom('sponsorships as s')
        .leftJoin('sponsorship_choices as c', 'c.sponsorship_id', 's.id')
        .leftJoin('packages as p', 'p.id', 'c.package_id')
        .leftJoin('sponsor_profiles as sp', 'sp.email_normalized', 's.sponsor_email_normalized')
        .leftJoin('sponsor_legal_details as l', 'l.email_normalized', 's.sponsor_email_normalized')
        .select([
          's.id',
          's.sponsor_email',
          's.sponsor_email_normalized',
          's.sponsor_language',
          'l.language as legal_language',
          'sp.public_name',
          'l.legal_name',
          'p.name as package_name',
        ])
        .where('s.event_id', '=', previousEventId)
        .where('s.status', 'in', [...RENEWABLE_STATUSES])
        .orderBy('s.sponsor_email_normalized')
        .execute();
      return rows.map((r) => ({
        sponsorshipId: Number(r.id),
        email: r.sponsor_email,
        emailNormalized: r.sponsor_email_normalized,
        language: r.sponsor_language ?? r.legal_language ?? null,
        sponsorName: r.public_name || r.legal_name || null,
        packageName: r.package_name ?? null,
      }));
    },

    /** The event's packages that are not archived, with the slots left (null: unlimited). */
    async packagesOf(eventId: number) {
      const rows = await db
        .selectFrom('packages')
        .select(['id', 'name', 'price_cents', 'currency', 'capacity', 'sold'])
        .where('event_id', '=', eventId)
        .where('archived', '=', toDbBool(false))
        .orderBy('position')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        price_cents: Number(r.price_cents),
        currency: r.currency,
        left: r.capacity === null ? null : Math.max(0, Number(r.capacity) - Number(r.sold)),
      }));
    },

    async offersOf(eventId: number): Promise<OfferRecord[]> {
      const rows = await db.selectFrom('renewal_offers').selectAll().where('event_id', '=', eventId).execute();
      return rows.map(toRecord);
    },

    async findById(id: number): Promise<OfferRecord | undefined> {
      const row = await db.selectFrom('renewal_offers').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async findBySponsorship(sponsorshipId: number): Promise<OfferRecord | undefined> {
      const row = await db
        .selectFrom('renewal_offers')
        .selectAll()
        .where('sponsorship_id', '=', sponsorshipId)
        .executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /** In the inviting transaction: the offer, or AlreadyOffered when the unique key refuses it. */
    async insertOffer(trx: Db, offer: NewOffer, sponsorshipId: number): Promise<void> {
      const inserted = await trx
        .insertInto('renewal_offers')
        .values({
          organisation_id: offer.organisationId,
          event_id: offer.eventId,
          previous_sponsorship_id: offer.previousSponsorshipId,
          sponsorship_id: sponsorshipId,
          package_id: offer.packageId,
          deadline: offer.deadline,
          language: offer.language,
          status: 'offered',
          offered_by: offer.offeredBy,
          offered_at: toDbTime(offer.offeredAt),
          decided_at: null,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw new AlreadyOffered();
    },

    /** offered -> accepted | declined while the deadline (`today` at the latest) holds; answers whether it moved. */
    async decide(id: number, to: 'accepted' | 'declined', today: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('renewal_offers')
        .set({ status: to, decided_at: toDbTime(at) })
        .where('id', '=', id)
        .where('status', '=', 'offered')
        .where('deadline', '>=', today)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The event's title (for the mails). */
    async eventTitle(eventId: number): Promise<string> {
      const row = await db.selectFrom('events').select('title').where('id', '=', eventId).executeTakeFirst();
      return row?.title ?? '';
    },
  };
}

export type RenewalsRepository = ReturnType<typeof createRenewalsRepository>;
