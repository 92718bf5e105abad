// POST /event/{id}/invoice-drafts: a draft for every confirmed sponsorship of an event not invoiced
// yet, for the organiser with forty sponsors who would otherwise open forty rows. Each draft is made
// as the single one is (createDraft: the amount, the chosen package's line, the buyer's details) and
// stays a draft to review; issuing (the number, the e-mail) remains one deliberate step per invoice.
import type { EventDraftsResponse } from '@sp/shared';
import { AppError } from '../../lib/errors.ts';
import type { EventAccess } from '../access/index.ts';
import type { InvoicesRepository } from './repository.ts';
import type { Organiser } from './service.ts';

export function createEventDrafts(deps: {
  repo: Pick<InvoicesRepository, 'confirmedNotInvoiced'>;
  access: Pick<EventAccess, 'organiserEvent'>;
  createDraft: (caller: Organiser, sponsorshipId: number) => Promise<number>;
}) {
  return async (caller: Organiser, eventId: number): Promise<EventDraftsResponse> => {
    const event = await deps.access.organiserEvent(caller, eventId);
    const result: EventDraftsResponse = { created: [], skipped: [] };
    // One after the other: each takes the buyer's details and writes a row; forty is a few seconds at most.
    for (const sponsorship of await deps.repo.confirmedNotInvoiced(event.id)) {
      try {
        const invoiceId = await deps.createDraft(caller, sponsorship.id);
        result.created.push({ invoice_id: invoiceId, sponsorship_id: sponsorship.id });
      } catch (error) {
        // Without billing settings no draft can be made: said once, as for a single draft.
        if (!(error instanceof AppError) || error.code === 'invoice.billing-settings-missing') throw error;
        result.skipped.push({
          sponsorship_id: sponsorship.id,
          sponsor_email: sponsorship.sponsor_email,
          code: error.code,
        });
      }
    }
    return result;
  };
}
