import type { DeliverableCommentWire } from '@sp/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useFormat } from '@/hooks/use-format';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { useAddComment, type DeliverableViewer } from '../api/sponsorship-deliverables';

/** A deliverable's comments, oldest first, and a field to add one (either party; the sponsor's own as "You"). */
export function DeliverableComments({
  deliverableId,
  comments,
  viewer,
  side = 'organisation',
}: {
  deliverableId: number;
  comments: DeliverableCommentWire[];
  viewer: DeliverableViewer;
  side?: DeliverableCommentWire['side'];
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const add = useAddComment(viewer);
  const [text, setText] = useState('');
  const fieldId = `comment-${deliverableId}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    add.mutate(
      { id: deliverableId, text: text.trim() },
      { onSuccess: () => setText(''), onError: (error) => toast.error(getErrorMessage(error, t)) },
    );
  };

  return (
    <div className="flex flex-col gap-2">
      {comments.length > 0 ? (
        <ul className="flex flex-col gap-1.5 text-sm" aria-label={t('fulfilment.comments.title')}>
          {comments.map((c) => (
            <li key={c.id} className="break-words rounded-md bg-muted/50 px-2 py-1.5">
              <span className="font-medium">
                {side === 'sponsor' && c.side === 'sponsor' ? t('fulfilment.comments.you') : c.by}
              </span>{' '}
              <time dateTime={c.at} className="text-xs text-muted-foreground tabular-nums">
                {format.dateTime(c.at)}
              </time>
              <span className="block whitespace-pre-wrap">{c.text}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <label htmlFor={fieldId} className="sr-only">
          {t('fulfilment.comments.add')}
        </label>
        <fieldset disabled={add.isPending} className="contents">
          <Textarea
            id={fieldId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('fulfilment.comments.placeholder')}
            rows={2}
            maxLength={2000}
            className="min-h-10 flex-1"
          />
          <Button type="submit" variant="outline" size="sm" disabled={!text.trim()}>
            {t('fulfilment.comments.add')}
          </Button>
        </fieldset>
      </form>
    </div>
  );
}
