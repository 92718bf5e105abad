import { FilePlusIcon, LoaderCircleIcon } from 'lucide-react';
import { toast } from 'sonner';
import { ERROR_CODES, type ErrorCode, type EventDraftsResponse } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { getErrorMessage, problemKey } from '@/lib/api-error';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { useDraftEventInvoices } from '../api/invoice-actions';

/** What the toast says: how many drafts, and each skipped sponsor with the reason. */
export function draftsSummary(answer: EventDraftsResponse, t: TFunction): { text: string; skipped: string[] } {
  const reason = (code: string) =>
    (ERROR_CODES as readonly string[]).includes(code) ? t(problemKey(code as ErrorCode)) : code;
  const skipped = answer.skipped.map((s) => `${s.sponsor_email}: ${reason(s.code)}`);
  if (answer.created.length === 0 && skipped.length === 0) return { text: t('invoices.eventDrafts.none'), skipped };
  return { text: t('invoices.eventDrafts.created', { count: answer.created.length }), skipped };
}

/**
 * On the event's sponsor card: a draft invoice for every confirmed sponsor not invoiced yet, to
 * review and issue one by one in each sponsor's row (issuing assigns the number and mails it).
 * Shown once a sponsorship is confirmed.
 */
export function EventDraftsButton({
  eventId,
  sponsorships,
}: {
  eventId: number;
  sponsorships: ReadonlyArray<{ status: string }>;
}) {
  const { t } = useTranslation();
  const drafts = useDraftEventInvoices();
  if (!sponsorships.some((s) => s.status === 'confirmed')) return null;
  const run = () =>
    drafts.mutate(eventId, {
      onSuccess: (answer) => {
        const { text, skipped } = draftsSummary(answer, t);
        if (skipped.length === 0) toast.success(text);
        else
          toast.warning(`${text} ${t('invoices.eventDrafts.skipped', { count: skipped.length })}`, {
            description: skipped.join(' · '),
            duration: 15_000,
          });
      },
      onError: (error) => toast.error(t('invoices.eventDrafts.failed', { message: getErrorMessage(error, t) })),
    });
  return (
    <Button variant="outline" size="sm" disabled={drafts.isPending} onClick={run}>
      {drafts.isPending ? (
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
      ) : (
        <FilePlusIcon className="size-4" aria-hidden="true" />
      )}
      {t('invoices.eventDrafts.button')}
    </Button>
  );
}
