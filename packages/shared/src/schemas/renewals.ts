// The next edition of an event and renewals offered to its previous sponsors (issue 60 points 4
// and 5, decision 101), snake_case on the wire.
import { z } from 'zod';
import { EVENT_TITLE_MAX } from '../limits.ts';
import { ZEventDate } from './events.ts';

const id = z.number().int().min(1).max(2_147_483_647);
/** Price changes are whole per cent, from halving to doubling. */
export const PRICE_CHANGE_MIN = -50;
export const PRICE_CHANGE_MAX = 100;
/** A package price in euro cents, as packages take it. */
const priceCents = z.number().int().min(0).max(100_000_000);

/** POST /event/{id}/next-edition: the copy's title, date and place, and its prices in one step. */
export const ZPlanNextEditionRequest = z.object({
  title: z.string().trim().min(1, 'required').max(EVENT_TITLE_MAX, 'too_long'),
  event_date: ZEventDate,
  location: z.string().trim().min(1, 'required').max(200, 'too_long'),
  /** Every copied price changed by this many per cent (rounded to whole euros), unless set below. */
  price_change_percent: z.number().int().min(PRICE_CHANGE_MIN).max(PRICE_CHANGE_MAX).default(0),
  /** Per package of the previous event: its new price, overriding the per cent change. */
  prices: z
    .array(z.object({ package_id: id, price_cents: priceCents }))
    .max(100)
    .default([]),
});
export type PlanNextEditionRequest = z.input<typeof ZPlanNextEditionRequest>;

export const ZPlanNextEditionResponse = z.object({
  event_id: z.number().int(),
  packages: z.number().int(),
});
export type PlanNextEditionResponse = z.infer<typeof ZPlanNextEditionResponse>;

/** The new price of a copied package: the organiser's own, else the per cent change to whole euros. */
export function nextEditionPrice(priceCents: number, percent: number, own?: number): number {
  if (own !== undefined) return own;
  if (percent === 0) return priceCents;
  return Math.max(0, Math.round((priceCents * (100 + percent)) / 100 / 100) * 100);
}

export const RENEWAL_STATES = ['not_offered', 'offered', 'accepted', 'declined', 'no_answer'] as const;
export type RenewalState = (typeof RENEWAL_STATES)[number];

export const ZRenewalPackage = z.object({
  id: z.number().int(),
  name: z.string(),
  price_cents: z.number().int(),
  currency: z.string(),
  /** Slots left, null = unlimited. */
  left: z.number().int().nullable(),
});

export const ZRenewalRow = z.object({
  previous_sponsorship_id: z.number().int(),
  sponsor_email: z.string(),
  sponsor_name: z.string().nullable(),
  previous_package_name: z.string().nullable(),
  /** The package of the new event preselected for this sponsor: the offered one, else the same name. */
  suggested_package_id: z.number().int().nullable(),
  state: z.enum(RENEWAL_STATES),
  offer: z
    .object({
      id: z.number().int(),
      sponsorship_id: z.number().int(),
      package_name: z.string(),
      deadline: z.string(),
      offered_at: z.string(),
      decided_at: z.string().nullable(),
    })
    .nullable(),
});
export type RenewalRow = z.infer<typeof ZRenewalRow>;

/** GET /events/{id}/renewals */
export const ZRenewalsResponse = z.object({
  previous_event: z.object({ id: z.number().int(), title: z.string(), event_date: z.string() }).nullable(),
  packages: z.array(ZRenewalPackage),
  rows: z.array(ZRenewalRow),
});
export type RenewalsResponse = z.infer<typeof ZRenewalsResponse>;

/** POST /events/{id}/renewals: one offer per earlier sponsorship listed (a second time: left out). */
export const ZOfferRenewalsRequest = z.object({
  deadline: ZEventDate,
  offers: z
    .array(z.object({ previous_sponsorship_id: id, package_id: id }))
    .min(1)
    .max(500),
});
export type OfferRenewalsRequest = z.input<typeof ZOfferRenewalsRequest>;

export const ZOfferRenewalsResponse = z.object({ offered: z.number().int(), already: z.number().int() });
export type OfferRenewalsResponse = z.infer<typeof ZOfferRenewalsResponse>;

/** POST /renewal-offers/{id}/reminder: queued, or not (one a day per sponsor). */
export const ZRemindRenewalResponse = z.object({ queued: z.boolean() });
export type RemindRenewalResponse = z.infer<typeof ZRemindRenewalResponse>;

/** GET /sponsorships/{id}/renewal: the sponsor's offer, or null when the sponsorship is no renewal. */
export const ZSponsorRenewalResponse = z.object({
  offer: z
    .object({
      id: z.number().int(),
      status: z.enum(['offered', 'accepted', 'declined']),
      /** Past the deadline without an answer: it can no longer be accepted. */
      expired: z.boolean(),
      deadline: z.string(),
      previous_event_title: z.string(),
      package_id: z.number().int(),
      packages: z.array(ZRenewalPackage),
    })
    .nullable(),
});
export type SponsorRenewalResponse = z.infer<typeof ZSponsorRenewalResponse>;

export const ZAcceptRenewalRequest = z.object({ package_id: id });
export type AcceptRenewalRequest = z.infer<typeof ZAcceptRenewalRequest>;

/**
 * The one rule of a renewal's state (the organiser's view and the sponsor's): no offer yet, waiting,
 * answered, or past its deadline without an answer. `today` is the organisation's day, YYYY-MM-DD.
 */
export function renewalState(
  offer: { status: 'offered' | 'accepted' | 'declined'; deadline: string } | null | undefined,
  today: string,
): RenewalState {
  if (!offer) return 'not_offered';
  if (offer.status !== 'offered') return offer.status;
  return offer.deadline < today ? 'no_answer' : 'offered';
}
