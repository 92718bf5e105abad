// Sponsoring packages of an event (issue 18, points 1 and 2): what the organiser offers, with its
// benefits, price (integer euro cents, net) and how many can be sold; the packages a sponsorship is
// offered, the one chosen, and the sponsorship's activity log. snake_case on the wire.
import { z } from 'zod';

export const BENEFIT_KINDS = ['logo', 'booth', 'talk', 'tickets', 'social', 'custom'] as const;
export const ZBenefitKind = z.enum(BENEFIT_KINDS);
export type BenefitKind = z.infer<typeof ZBenefitKind>;

export const PACKAGE_LIMITS = {
  name: 120,
  description: 500,
  benefitTitle: 120,
  benefits: 20,
  /** 10 million euro, in cents: fits a 32-bit integer column on both engines. */
  priceCents: 1_000_000_000,
  capacity: 10_000,
  note: 500,
  offered: 20,
  ticketSeats: 500,
} as const;

const id = z.number().int().min(1).max(2_147_483_647);

export const ZPackageBenefit = z.object({
  title: z.string().trim().min(1).max(PACKAGE_LIMITS.benefitTitle),
  kind: ZBenefitKind,
  /** YYYY-MM-DD */
  due_date: z.iso.date().nullable(),
  /** The sponsor must deliver something for it (a logo, a talk title). */
  sponsor_delivers: z.boolean(),
  /** Seats of a tickets benefit the sponsor names people for (absent or null: one). */
  quantity: z.number().int().min(1).max(PACKAGE_LIMITS.ticketSeats).nullable().optional(),
});
export type PackageBenefit = z.infer<typeof ZPackageBenefit>;

export const ZPackage = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price_cents: z.number().int(),
  currency: z.literal('EUR'),
  /** null: unlimited */
  capacity: z.number().int().nullable(),
  sold: z.number().int(),
  archived: z.boolean(),
  /** Offered to or chosen by a sponsorship: it cannot be deleted, only archived. */
  in_use: z.boolean(),
  benefits: z.array(ZPackageBenefit),
});
export type PackageWire = z.infer<typeof ZPackage>;

/** POST /event/{id}/packages and PUT /packages/{id} (the benefits are replaced as a whole). */
export const ZSavePackageRequest = z.object({
  name: z.string().trim().min(1).max(PACKAGE_LIMITS.name),
  description: z.string().trim().max(PACKAGE_LIMITS.description).default(''),
  price_cents: z.number().int().min(0).max(PACKAGE_LIMITS.priceCents),
  capacity: z.number().int().min(1).max(PACKAGE_LIMITS.capacity).nullable(),
  benefits: z.array(ZPackageBenefit).max(PACKAGE_LIMITS.benefits).default([]),
});
export type SavePackageRequest = z.input<typeof ZSavePackageRequest>;

/** GET /event/{id}/packages: the event's packages in their order, archived ones included. */
export const ZListPackagesResponse = z.array(ZPackage);

/** POST /packages/{id}/archive */
export const ZArchivePackageRequest = z.object({ archived: z.boolean() });

/** PUT /event/{id}/packages/order: every package of the event, in the new order. */
export const ZReorderPackagesRequest = z.object({ package_ids: z.array(id).max(200) });

/** POST /event/{id}/packages/copy: the packages (not archived) of another event of the organisation. */
export const ZCopyPackagesRequest = z.object({ from_event_id: id });

export const ACTIVITY_KINDS = [
  'offered',
  'chosen',
  'assigned',
  'amount_changed',
  'status_changed',
  // Invoices (issue 20): note = the invoice number, amount = its gross (or the payment)
  'invoice_issued',
  'invoice_cancelled',
  'invoice_paid',
  // Agreements (issue 19): a signature voided because the draft changed after it; by = its signer
  'agreement_voided',
] as const;
export const ZSponsorshipActivity = z.object({
  id: z.number().int(),
  at: z.string(),
  side: z.enum(['organisation', 'sponsor']),
  /** Who acted: the sponsor's address, or the organiser's; the sponsor sees the organisation's name instead. */
  by: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  package_name: z.string().nullable(),
  amount_cents: z.number().int().nullable(),
  note: z.string().nullable(),
  /** status_changed: from which status to which. */
  from_status: z.string().nullable().optional(),
  to_status: z.string().nullable().optional(),
});
export type SponsorshipActivityWire = z.infer<typeof ZSponsorshipActivity>;

/** An offered package as the sponsor sees it: sold out when no slot is left. */
export const ZOfferedPackage = ZPackage.omit({ in_use: true, archived: true }).extend({ sold_out: z.boolean() });
export type OfferedPackageWire = z.infer<typeof ZOfferedPackage>;

/** GET /sponsorships/{id}/packages: for both parties (the sponsor also by the invitation link). */
export const ZSponsorshipPackagesResponse = z.object({
  offered: z.array(ZOfferedPackage),
  /** The chosen (or assigned) package, also when it is no longer offered. */
  chosen: ZOfferedPackage.nullable(),
  amount_cents: z.number().int().nullable(),
  /** Whether the package can still be chosen (or assigned): false once the sponsorship is decided. */
  choice_open: z.boolean(),
  activity: z.array(ZSponsorshipActivity),
});
export type SponsorshipPackagesResponse = z.infer<typeof ZSponsorshipPackagesResponse>;

/** POST /sponsorships/{id}/package: the sponsor chooses one of the offered packages. */
export const ZChoosePackageRequest = z.object({ package_id: id });

/**
 * POST /sponsorships/{id}/assignment: an organiser assigns a package of the event (taking a slot)
 * and/or changes the amount; a changed amount needs a note.
 */
export const ZAssignPackageRequest = z
  .object({
    package_id: id.optional(),
    amount_cents: z.number().int().min(0).max(PACKAGE_LIMITS.priceCents).optional(),
    note: z.string().trim().max(PACKAGE_LIMITS.note).optional(),
  })
  .refine((body) => body.package_id !== undefined || body.amount_cents !== undefined, {
    message: 'package_id or amount_cents',
  })
  .refine((body) => body.amount_cents === undefined || (body.note ?? '').length > 0, {
    message: 'note_required',
    path: ['note'],
  });
export type AssignPackageRequest = z.input<typeof ZAssignPackageRequest>;
