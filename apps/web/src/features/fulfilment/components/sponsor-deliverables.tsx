import { useQuery } from '@tanstack/react-query';
import type { DeliverableWire } from '@sp/shared';
import { ClipboardCheckIcon, LoaderCircleIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useFormat } from '@/hooks/use-format';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import {
  sponsorshipDeliverablesQueryOptions,
  useProvideInput,
  type DeliverableViewer,
} from '../api/sponsorship-deliverables';
import { DeliverableActivity } from './deliverable-activity';
import { deliverableAssetQueryOptions } from '../api/deliverable-asset';
import { refusalMessages } from './asset-refusal';
import { DeliverableAsset } from './deliverable-asset';
import { DeliverableComments } from './deliverable-comments';
import { DeliverableEvidence } from './deliverable-evidence';
import { StatusBadge } from './status-badge';

function InputForm({ deliverable, viewer }: { deliverable: DeliverableWire; viewer: DeliverableViewer }) {
  const { t } = useTranslation();
  const provide = useProvideInput(viewer);
  const [text, setText] = useState(deliverable.sponsor_input ?? '');
  const [refusal, setRefusal] = useState<string[]>([]);
  // The asset spec may limit the text's length (decision 089); the same query as the asset part's.
  const spec = useQuery(deliverableAssetQueryOptions(deliverable.id, viewer)).data?.spec ?? null;
  const fieldId = `input-${deliverable.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal([]);
    provide.mutate(
      { id: deliverable.id, text: text.trim() },
      {
        onSuccess: () => toast.success(t('fulfilment.input.saved')),
        onError: (error) =>
          spec ? setRefusal(refusalMessages(error, spec, t)) : toast.error(getErrorMessage(error, t)),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={fieldId} className="text-sm font-medium">
        {t(`fulfilment.input.label.${deliverable.kind}`)}
      </label>
      <fieldset disabled={provide.isPending} className="flex flex-col gap-2">
        <Textarea id={fieldId} value={text} onChange={(e) => setText(e.target.value)} rows={3} maxLength={2000} />
        {refusal.length > 0 ? (
          <div role="alert" className="text-sm text-destructive" data-testid="input-refusal">
            {refusal.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        ) : null}
        <Button type="submit" size="sm" className="self-start" disabled={!text.trim()}>
          {provide.isPending ? <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" /> : null}
          {t('fulfilment.input.save')}
        </Button>
      </fieldset>
    </form>
  );
}

/**
 * The sponsor's side of a confirmed sponsorship: what is to be delivered, with the input asked of
 * them, comments and the activity log. Nothing is shown before there are deliverables.
 */
export function SponsorDeliverables({ sponsorshipId, viewer }: { sponsorshipId: number; viewer: DeliverableViewer }) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery(sponsorshipDeliverablesQueryOptions(sponsorshipId, viewer));

  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t('fulfilment.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p className="text-sm text-destructive" role="alert">
        {t('fulfilment.loadFailed')}
      </p>
    );
  }
  const { deliverables, activity } = query.data;
  if (deliverables.length === 0) return null;

  return (
    <section
      className="flex flex-col gap-3"
      aria-labelledby={`deliverables-${sponsorshipId}`}
      data-testid="sponsor-deliverables"
    >
      <div>
        <h2 id={`deliverables-${sponsorshipId}`} className="flex items-center gap-2 text-lg font-semibold">
          <ClipboardCheckIcon className="size-5 text-primary" aria-hidden="true" />
          {t('fulfilment.sponsor.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('fulfilment.sponsor.lead')}</p>
      </div>
      <ul className="flex flex-col gap-3">
        {deliverables.map((d) => (
          <li
            key={d.id}
            className={cn(
              'flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm',
              d.overdue && 'border-destructive/50',
            )}
            data-testid="sponsor-deliverable"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 className="font-medium break-words">{d.title}</h3>
              <StatusBadge status={d.status} overdue={d.overdue} />
            </div>
            <p className="text-sm text-muted-foreground">
              {d.due_date ? t('fulfilment.dueOn', { date: format.date(d.due_date) }) : t('fulfilment.noDueDate')}
            </p>
            {d.needs_sponsor_input && d.kind === 'logo' ? (
              <p className="text-sm">
                {d.provided_at ? (
                  <span className="block text-muted-foreground">{t('fulfilment.logo.provided')}</span>
                ) : null}
                <a href="#sponsor-profile" className="font-medium text-primary underline underline-offset-4">
                  {t('fulfilment.logo.link')}
                </a>
              </p>
            ) : null}
            {d.needs_sponsor_input && d.kind !== 'logo' && d.status !== 'done' && d.status !== 'waived' ? (
              <InputForm deliverable={d} viewer={viewer} />
            ) : null}
            {d.sponsor_input && (d.status === 'done' || d.status === 'waived') ? (
              <p className="text-sm whitespace-pre-wrap break-words">{d.sponsor_input}</p>
            ) : null}
            {d.needs_sponsor_input ? <DeliverableAsset deliverableId={d.id} viewer={viewer} side="sponsor" /> : null}
            <DeliverableEvidence deliverableId={d.id} sponsorshipId={sponsorshipId} viewer={viewer} side="sponsor" />
            <DeliverableComments deliverableId={d.id} comments={d.comments} viewer={viewer} side="sponsor" />
          </li>
        ))}
      </ul>
      <DeliverableActivity activity={activity} viewer="sponsor" />
    </section>
  );
}
