import { describe, expect, it } from 'vitest';
import { attentionItems } from './attention';

describe('attentionItems', () => {
  it('is empty when nothing is open', () => {
    expect(
      attentionItems({
        sponsorships: [{ status: 'confirmed' }, { status: 'declined' }],
        deliverables: [{ status: 'done', overdue: false }],
        invoices: [{ status: 'paid' }, { status: 'cancelled' }],
      }),
    ).toEqual([]);
  });

  it('counts each kind, most urgent first, with the filter that shows exactly those', () => {
    const items = attentionItems({
      sponsorships: [
        { status: 'signed' },
        { status: 'signed' },
        { status: 'invited' },
        { status: 'downloaded' },
        { status: 'confirmed' },
      ],
      deliverables: [
        { status: 'open', overdue: true },
        { status: 'in_progress', overdue: true },
        { status: 'open', overdue: false },
      ],
      invoices: [
        { status: 'overdue', kind: 'invoice' },
        { status: 'issued', kind: 'invoice' },
        { status: 'issued', kind: 'cancellation' },
        { status: 'draft', kind: 'invoice' },
      ],
    });
    expect(items.map(({ kind, count, area, search }) => [kind, count, area, search])).toEqual([
      ['toConfirm', 2, 'sponsors', { sponsorship_status: 'signed' }],
      ['overdueDeliverables', 2, 'fulfilment', {}],
      ['overdueInvoices', 1, 'invoices', { status: 'overdue' }],
      ['unpaidInvoices', 1, 'invoices', { status: 'issued' }],
      ['drafts', 1, 'invoices', { status: 'draft' }],
      ['notSigned', 1, 'sponsors', { sponsorship_status: 'downloaded' }],
      ['notOpened', 1, 'sponsors', { sponsorship_status: 'invited' }],
    ]);
  });

  it('does not count a deliverable as overdue once it is done or waived', () => {
    const items = attentionItems({
      sponsorships: [],
      deliverables: [
        { status: 'done', overdue: true },
        { status: 'waived', overdue: true },
      ],
      invoices: [],
    });
    expect(items).toEqual([]);
  });
});
