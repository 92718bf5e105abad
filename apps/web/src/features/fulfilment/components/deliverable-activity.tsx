import type { DeliverableActivityWire, DeliverableStatus } from '@sp/shared';
import { useFormat } from '@/hooks/use-format';
import { useTranslation } from '@/lib/i18n';

const STATUS_PATTERN = /^(open|in_progress|done|waived) → (open|in_progress|done|waived)$/;

type Kind = DeliverableActivityWire['kind'];
type EvidenceKind = Extract<Kind, `evidence_${string}`>;
const isEvidence = (kind: Kind): kind is EvidenceKind => kind.startsWith('evidence_');

/** The entry's text key: delivery evidence (issue 60) is worded in its own namespace. */
function keyOf(kind: Kind, own: boolean) {
  if (isEvidence(kind))
    return own ? (`evidence.activity.you.${kind}` as const) : (`evidence.activity.${kind}` as const);
  return own ? (`fulfilment.activity.you.${kind}` as const) : (`fulfilment.activity.${kind}` as const);
}

/**
 * The fulfilment log of a sponsorship (who, when, what), which both parties see; the sponsor reads its
 * own entries as "You provided …".
 */
export function DeliverableActivity({
  activity,
  viewer = 'organisation',
}: {
  activity: DeliverableActivityWire[];
  viewer?: 'organisation' | 'sponsor';
}) {
  const { t } = useTranslation();
  const format = useFormat();
  if (activity.length === 0) return null;
  const detailOf = (entry: DeliverableActivityWire) => {
    if (entry.kind === 'status_changed' && entry.detail) {
      const match = STATUS_PATTERN.exec(entry.detail);
      if (match) {
        return `${t(`fulfilment.status.${match[1] as DeliverableStatus}`)} → ${t(`fulfilment.status.${match[2] as DeliverableStatus}`)}`;
      }
    }
    if (entry.kind === 'due_date_changed') return entry.detail ? format.date(entry.detail) : t('fulfilment.noDueDate');
    return entry.detail ?? '';
  };
  return (
    <details className="rounded-md border border-border p-3">
      <summary className="cursor-pointer text-sm font-semibold">{t('fulfilment.activity.title')}</summary>
      <ol className="mt-2 flex flex-col gap-1.5 text-sm" data-testid="deliverable-activity">
        {activity.map((entry) => (
          <li key={entry.id} className="break-words">
            <time dateTime={entry.at} className="text-muted-foreground tabular-nums">
              {format.dateTime(entry.at)}
            </time>{' '}
            {t(keyOf(entry.kind, viewer === 'sponsor' && entry.side === 'sponsor'), {
              by: entry.by || t('fulfilment.activity.system'),
              title: entry.title ?? '',
              detail: detailOf(entry),
            })}
          </li>
        ))}
      </ol>
    </details>
  );
}
