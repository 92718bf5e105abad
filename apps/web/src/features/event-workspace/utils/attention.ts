// What needs the organiser's attention on an event's overview, derived from what the overview reads
// anyway (the sponsor list, the event's deliverables and invoices): no request of its own.

export type AttentionArea = 'sponsors' | 'fulfilment' | 'invoices';

export type AttentionItem = {
  /** Also the i18n key under events.workspace.attention. */
  kind:
    'toConfirm' | 'notSigned' | 'notOpened' | 'overdueDeliverables' | 'overdueInvoices' | 'unpaidInvoices' | 'drafts';
  count: number;
  area: AttentionArea;
  /** The area's filter that shows exactly these (a search param of the area's route). */
  search: Record<string, string>;
};

export type AttentionInput = {
  sponsorships: ReadonlyArray<{ status: string }>;
  deliverables: ReadonlyArray<{ status: string; overdue: boolean }>;
  invoices: ReadonlyArray<{ status: string; kind?: string }>;
};

/** The items in the order of urgency; those with nothing to do are left out. */
export function attentionItems({ sponsorships, deliverables, invoices }: AttentionInput): AttentionItem[] {
  const count = <T>(list: ReadonlyArray<T>, test: (item: T) => boolean) => list.filter(test).length;
  const items: AttentionItem[] = [
    {
      kind: 'toConfirm',
      count: count(sponsorships, (s) => s.status === 'signed'),
      area: 'sponsors',
      search: { sponsorship_status: 'signed' },
    },
    {
      kind: 'overdueDeliverables',
      count: count(deliverables, (d) => d.overdue && d.status !== 'done' && d.status !== 'waived'),
      area: 'fulfilment',
      search: {},
    },
    {
      kind: 'overdueInvoices',
      count: count(invoices, (i) => i.status === 'overdue'),
      area: 'invoices',
      search: { status: 'overdue' },
    },
    {
      kind: 'unpaidInvoices',
      count: count(invoices, (i) => i.status === 'issued' && i.kind !== 'cancellation'),
      area: 'invoices',
      search: { status: 'issued' },
    },
    {
      kind: 'drafts',
      count: count(invoices, (i) => i.status === 'draft'),
      area: 'invoices',
      search: { status: 'draft' },
    },
    {
      kind: 'notSigned',
      count: count(sponsorships, (s) => s.status === 'downloaded'),
      area: 'sponsors',
      search: { sponsorship_status: 'downloaded' },
    },
    {
      kind: 'notOpened',
      count: count(sponsorships, (s) => s.status === 'invited'),
      area: 'sponsors',
      search: { sponsorship_status: 'invited' },
    },
  ];
  return items.filter((item) => item.count > 0);
}
