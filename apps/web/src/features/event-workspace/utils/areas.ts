// The areas of an event's workspace, in the order of its navigation (issue 58): one route each
// under /edit-event/{eventId}; the overview is the spec's /edit-event/{eventId} itself.

import type { TranslationKey } from '@/lib/i18n';

type Area = {
  key: string;
  to: string;
  /** The area's own i18n keys for its name and hint; default events.workspace.nav.<key> and .areas.<key>. */
  label?: string;
  hint?: string;
};

export const WORKSPACE_AREAS = [
  { key: 'overview', to: '/edit-event/$eventId' },
  { key: 'sponsors', to: '/edit-event/$eventId/sponsors' },
  { key: 'packages', to: '/edit-event/$eventId/packages' },
  { key: 'readiness', to: '/edit-event/$eventId/readiness', label: 'readiness.nav', hint: 'readiness.hint' },
  { key: 'fulfilment', to: '/edit-event/$eventId/fulfilment' },
  { key: 'agreement', to: '/edit-event/$eventId/agreement' },
  { key: 'invoices', to: '/edit-event/$eventId/invoices' },
  { key: 'wall', to: '/edit-event/$eventId/wall' },
  { key: 'renewals', to: '/edit-event/$eventId/renewals', label: 'renewals.nav', hint: 'renewals.hint' },
  { key: 'settings', to: '/edit-event/$eventId/settings' },
] as const satisfies readonly Area[];

export const areaLabel = (area: Area): TranslationKey =>
  (area.label ?? `events.workspace.nav.${area.key}`) as TranslationKey;
export const areaHint = (area: Area): TranslationKey =>
  (area.hint ?? `events.workspace.areas.${area.key}`) as TranslationKey;
