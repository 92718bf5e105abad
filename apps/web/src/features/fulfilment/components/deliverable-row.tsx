import {
  DELIVERABLE_STATUSES,
  type DeliverableStatus,
  type DeliverableWire,
  type UpdateDeliverableRequest,
} from '@sp/shared';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import { DateField } from '@/components/date-field';
import { ISO_DATE } from '@/components/ui/date-input-format';
import { useFormat } from '@/hooks/use-format';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { useUpdateDeliverable } from '../api/organisation-deliverables';
import { DeliverableAsset } from './deliverable-asset';
import { DeliverableComments } from './deliverable-comments';
import { DeliverableEvidence } from './deliverable-evidence';
import { StatusBadge } from './status-badge';

const ORGANISER = { kind: 'user' } as const;
const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50';

/** One deliverable for the organisation: status, assignee and due date changed in place, comments. */
export function DeliverableRow({
  deliverable: d,
  team,
  showEvent,
}: {
  deliverable: DeliverableWire;
  team: Array<{ id: string; name: string }>;
  showEvent: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const update = useUpdateDeliverable();
  const [assetOpen, setAssetOpen] = useState(false);
  const [evidenceOpen, setEvidenceOpen] = useState(false);
  const change = (body: UpdateDeliverableRequest) =>
    update.mutate({ id: d.id, change: body }, { onError: (error) => toast.error(getErrorMessage(error, t)) });

  return (
    <li
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm',
        d.overdue && 'border-destructive/50',
      )}
      data-testid="deliverable-row"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-medium break-words">{d.title}</h3>
          <p className="text-sm text-muted-foreground break-words">
            {d.sponsor_email}
            {showEvent ? (
              <>
                {' · '}
                <Link
                  to="/edit-event/$eventId"
                  params={{ eventId: d.event_id }}
                  hash="fulfilment"
                  className="text-primary underline underline-offset-4"
                >
                  {d.event_title}
                </Link>
              </>
            ) : null}
          </p>
        </div>
        <StatusBadge status={d.status} overdue={d.overdue} />
      </div>
      {d.needs_sponsor_input ? (
        <p className="text-sm break-words">
          <span className="font-medium">{t('fulfilment.board.sponsorInput')}: </span>
          {d.sponsor_input ? (
            <span className="whitespace-pre-wrap">{d.sponsor_input}</span>
          ) : d.provided_at ? (
            t('fulfilment.logo.provided')
          ) : (
            <span className="text-muted-foreground">{t('fulfilment.board.waitingForSponsor')}</span>
          )}
        </p>
      ) : null}
      <fieldset disabled={update.isPending} className="grid gap-3 sm:grid-cols-3">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('fulfilment.board.status')}</span>
          <select
            className={selectClass}
            value={d.status}
            onChange={(e) => change({ status: e.target.value as DeliverableStatus })}
          >
            {DELIVERABLE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`fulfilment.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('fulfilment.board.assignee')}</span>
          <select
            className={selectClass}
            value={d.assignee ?? ''}
            onChange={(e) => change({ assignee: e.target.value === '' ? null : e.target.value })}
          >
            <option value="">{t('fulfilment.board.nobody')}</option>
            {team.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={`due-input-${d.id}`} className="font-medium">
            {t('fulfilment.board.dueDate')}
          </label>
          <DateField
            control={{ id: `due-input-${d.id}`, 'aria-describedby': `due-${d.id}` }}
            value={d.due_date ?? ''}
            onChange={(typed) => {
              // Saved once the text is a whole date (or emptied), not at every digit.
              const value = typed === '' ? null : ISO_DATE.test(typed) ? typed : undefined;
              if (value !== undefined && value !== d.due_date) change({ due_date: value });
            }}
          />
          <span id={`due-${d.id}`} className="sr-only">
            {d.due_date ? format.date(d.due_date) : t('fulfilment.noDueDate')}
          </span>
        </div>
      </fieldset>
      {d.needs_sponsor_input ? (
        <details onToggle={(e) => setAssetOpen(e.currentTarget.open)}>
          <summary className="cursor-pointer text-sm font-medium">{t('assets.title')}</summary>
          <div className="mt-2">
            {assetOpen ? <DeliverableAsset deliverableId={d.id} viewer={ORGANISER} side="organisation" /> : null}
          </div>
        </details>
      ) : null}
      <details onToggle={(e) => setEvidenceOpen(e.currentTarget.open)} data-testid="evidence-details">
        <summary className="cursor-pointer text-sm font-medium">{t('evidence.title')}</summary>
        <div className="mt-2">
          {evidenceOpen ? (
            <DeliverableEvidence
              deliverableId={d.id}
              sponsorshipId={d.sponsorship_id}
              viewer={ORGANISER}
              side="organisation"
            />
          ) : null}
        </div>
      </details>
      <details>
        <summary className="cursor-pointer text-sm font-medium">
          {t('fulfilment.comments.title')} ({d.comments.length})
        </summary>
        <div className="mt-2">
          <DeliverableComments deliverableId={d.id} comments={d.comments} viewer={ORGANISER} />
        </div>
      </details>
    </li>
  );
}
