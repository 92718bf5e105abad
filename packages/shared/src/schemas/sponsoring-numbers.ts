// The organiser's sponsoring numbers (issue 18, point 6): per event and package, slots sold of
// those available, the sums committed and in negotiation (docs/glossary.md, figures.ts), and the
// deliverables' progress. Integer euro cents, snake_case on the wire.
import { z } from 'zod';

const cents = z.number().int();

export const ZPackageNumbers = z.object({
  package_id: z.number().int(),
  name: z.string(),
  archived: z.boolean(),
  sold: z.number().int(),
  /** null: unlimited */
  capacity: z.number().int().nullable(),
  /** Of the sponsorships that chose this package (figures.ts): confirmed, and still open. */
  committed_cents: cents,
  in_negotiation_cents: cents,
});
export type PackageNumbersWire = z.infer<typeof ZPackageNumbers>;

export const ZFulfilmentProgress = z.object({
  done: z.number().int(),
  total: z.number().int(),
  overdue: z.number().int(),
});
export type FulfilmentProgressWire = z.infer<typeof ZFulfilmentProgress>;

export const ZEventSponsoringNumbers = z.object({
  event_id: z.number().int(),
  packages: z.array(ZPackageNumbers),
  /** Of all the event's sponsorships, with a package or not: the same figures as the event list's. */
  committed_cents: cents,
  in_negotiation_cents: cents,
  fulfilment: ZFulfilmentProgress,
});
export type EventSponsoringNumbersWire = z.infer<typeof ZEventSponsoringNumbers>;

/** GET /organisation/{organisationId}/sponsoring-numbers: every event of the organisation, and the totals. */
export const ZSponsoringNumbers = z.object({
  events: z.array(ZEventSponsoringNumbers),
  totals: z.object({
    sold: z.number().int(),
    committed_cents: cents,
    in_negotiation_cents: cents,
    fulfilment: ZFulfilmentProgress,
  }),
});
export type SponsoringNumbersWire = z.infer<typeof ZSponsoringNumbers>;
