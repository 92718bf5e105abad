import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { ChaseResponse } from '@sp/shared';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { useChase } from '../api/readiness-board';
import { knownText } from './known-text';

export type ChaseSelection = { sponsorshipIds?: number[]; allWaitingSponsor?: boolean; columnKey?: string };

const newRequestId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Preview (dry run) first, then send; the request id makes a double click one chase. */
export function ChaseDialog({
  eventId,
  selection,
  columns,
  onClose,
  onSent,
}: {
  /** null: the board across events. */
  eventId: number | null;
  selection: ChaseSelection;
  columns: Array<{ key: string; title: string }>;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const chase = useChase(eventId);
  const [preview, setPreview] = useState<ChaseResponse | null>(null);
  const [override, setOverride] = useState(false);
  const requestId = useMemo(newRequestId, []);
  const body = useMemo(
    () => ({
      ...(selection.sponsorshipIds ? { sponsorship_ids: selection.sponsorshipIds } : {}),
      ...(selection.allWaitingSponsor ? { all_waiting_sponsor: true } : {}),
      ...(selection.columnKey ? { column_key: selection.columnKey } : {}),
    }),
    [selection],
  );
  const { mutate } = chase;
  useEffect(() => {
    mutate({ ...body, dry_run: true }, { onSuccess: setPreview, onError: (e) => toast.error(getErrorMessage(e, t)) });
  }, [body, mutate, t]);
  const titleOf = (key: string, fallback: string) =>
    knownText(t, `readiness.columns.${key}`, columns.find((c) => c.key === key)?.title ?? fallback);
  const recipients = preview?.recipients.filter((r) => r.outcome !== 'nothing') ?? [];
  const sendable = recipients.filter((r) => override || r.outcome === 'queued').length;

  const send = () =>
    chase.mutate(
      { ...body, dry_run: false, override, request_id: requestId },
      {
        onSuccess: (answer) => {
          toast.success(t('readiness.chase.sent', { count: answer.queued }));
          onSent();
          onClose();
        },
        onError: (e) => toast.error(getErrorMessage(e, t)),
      },
    );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t('readiness.chase.cancel')} className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('readiness.chase.title')}</DialogTitle>
          <DialogDescription>
            {selection.columnKey
              ? t('readiness.chase.leadColumn', { column: titleOf(selection.columnKey, '') })
              : t('readiness.chase.lead')}
          </DialogDescription>
        </DialogHeader>
        {preview === null ? (
          <p className="text-sm" role="status">
            {t('readiness.chase.loading')}
          </p>
        ) : recipients.length === 0 ? (
          <p className="text-sm">{t('readiness.chase.nobody')}</p>
        ) : (
          <ul
            className="max-h-80 space-y-2 overflow-y-auto text-sm focus-visible:outline-2 focus-visible:outline-ring"
            data-testid="chase-preview"
            tabIndex={0}
            aria-label={t('readiness.chase.recipients')}
          >
            {recipients.map((r) => (
              <li key={r.sponsorship_id} className="rounded-md border border-border p-2">
                <span className="font-medium break-all">{r.sponsor_email}</span>{' '}
                <span className="text-muted-foreground">({r.language.toUpperCase()})</span>
                {r.outcome === 'limited' ? (
                  <span className="ml-2 text-amber-800 dark:text-amber-200">{t('readiness.chase.limited')}</span>
                ) : null}
                <ul className="ml-4 list-disc">
                  {r.items.map((item) => (
                    <li key={item.column_key}>
                      {titleOf(item.column_key, item.title)}
                      {item.due ? ` (${t('readiness.due', { date: item.due })})` : ''}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
        {preview && preview.limited > 0 ? (
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={override}
              onChange={(e) => setOverride(e.target.checked)}
            />
            {t('readiness.chase.override', { count: preview.limited })}
          </label>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('readiness.chase.cancel')}
          </Button>
          <Button onClick={send} disabled={chase.isPending || sendable === 0} data-testid="chase-send">
            {t('readiness.chase.send', { count: sendable })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
