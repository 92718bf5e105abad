// The sponsor's parcel form: what was typed, and the same checks as the server's
// (ZAnnounceShipmentRequest) with a message per field, so a refusal never needs a round trip.
import { SHIPMENT_LIMITS, type AnnounceShipmentRequest } from '@sp/shared';
import type { TranslationKey } from '@/lib/i18n';

export type Draft = { carrier: string; tracking: string; parcels: string; expected: string };
export type Problems = Partial<Record<keyof Draft, TranslationKey>>;
export const EMPTY_DRAFT: Draft = { carrier: '', tracking: '', parcels: '1', expected: '' };

/** The form's own checks, the same as the server's (ZAnnounceShipmentRequest), with a message per field. */
export function checkDraft(draft: Draft, today: string): { body: AnnounceShipmentRequest | null; problems: Problems } {
  const problems: Problems = {};
  const carrier = draft.carrier.trim();
  const tracking = draft.tracking.trim();
  const parcels = Number(draft.parcels);
  if (!carrier) problems.carrier = 'shipments.form.errors.carrier';
  else if (carrier.length > SHIPMENT_LIMITS.carrier) problems.carrier = 'shipments.form.errors.tooLong';
  if (!tracking) problems.tracking = 'shipments.form.errors.tracking';
  else if (tracking.length > SHIPMENT_LIMITS.tracking) problems.tracking = 'shipments.form.errors.tooLong';
  if (!/^\d+$/.test(draft.parcels.trim()) || parcels < 1 || parcels > SHIPMENT_LIMITS.parcels) {
    problems.parcels = 'shipments.form.errors.parcels';
  }
  if (draft.expected && !/^\d{4}-\d{2}-\d{2}$/.test(draft.expected)) problems.expected = 'shipments.form.errors.date';
  else if (draft.expected && draft.expected < today) problems.expected = 'shipments.form.errors.past';
  if (Object.keys(problems).length > 0) return { body: null, problems };
  return {
    body: { carrier, tracking, parcel_count: parcels, expected_date: draft.expected || null },
    problems,
  };
}
