// A deliverable's proof of delivery (issue 60, point 1): photos, screenshots, links and notes the team
// added, for both parties. The sponsor gives a thumbs up or a comment; the team sees both, adds and
// removes pieces. Fits a 375 px phone: pictures are thumbnails scaled to the width, opened full size.
import { useQuery } from '@tanstack/react-query';
import type { EvidenceWire } from '@sp/shared';
import { EVIDENCE_LIMITS } from '@sp/shared';
import { ExternalLinkIcon, ThumbsUpIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useFormat } from '@/hooks/use-format';
import { api } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import {
  evidencePictureQueryOptions,
  sponsorshipEvidenceQueryOptions,
  useChangeEvidence,
} from '../api/deliverable-evidence';
import { authOf, type DeliverableViewer } from '../api/sponsorship-deliverables';
import { EvidenceForm } from './evidence-form';

type Side = 'organisation' | 'sponsor';

function EvidencePicture({ piece, viewer }: { piece: EvidenceWire; viewer: DeliverableViewer }) {
  const { t } = useTranslation();
  const format = useFormat();
  const thumb = useQuery(evidencePictureQueryOptions(piece.deliverable_id, piece.id, 'thumb', viewer));
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!thumb.data) return;
    const made = URL.createObjectURL(thumb.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [thumb.data]);
  const open = async () => {
    // The full picture is read when asked for, in a new tab (a blob URL: the link's credentials stay here).
    const tab = window.open('', '_blank');
    try {
      const full = await fetchFull();
      if (tab) tab.location.href = URL.createObjectURL(full);
    } catch (error) {
      tab?.close();
      toast.error(getErrorMessage(error, t));
    }
  };
  const fetchFull = async () =>
    (
      await api.getBlob(`/deliverables/${piece.deliverable_id}/evidence/${piece.id}/image?size=full`, {
        auth: authOf(viewer),
      })
    ).data;
  const alt = piece.note
    ? t('evidence.picture.altWithNote', { kind: t(`evidence.kind.${piece.kind}`), note: piece.note })
    : t('evidence.picture.alt', { kind: t(`evidence.kind.${piece.kind}`), date: format.dateTime(piece.added_at) });
  if (thumb.isError) return <p className="text-sm text-destructive">{t('evidence.picture.failed')}</p>;
  return (
    <button
      type="button"
      onClick={() => void open()}
      className="block w-full max-w-sm overflow-hidden rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring"
      aria-label={t('evidence.picture.open', { alt })}
    >
      {url ? (
        <img src={url} alt={alt} className="h-auto w-full" data-testid="evidence-picture" />
      ) : (
        <span className="block aspect-[4/3] w-full animate-pulse bg-muted" aria-hidden="true" />
      )}
    </button>
  );
}

function SponsorReaction({ piece, viewer }: { piece: EvidenceWire; viewer: DeliverableViewer }) {
  const { t } = useTranslation();
  const change = useChangeEvidence(piece.deliverable_id, piece.sponsorship_id, viewer);
  const [text, setText] = useState('');
  const fieldId = `evidence-comment-${piece.id}`;
  const fail = (error: unknown) => toast.error(getErrorMessage(error, t));
  const comment = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || change.isPending) return;
    change.mutate(
      { kind: 'comment', evidenceId: piece.id, text: text.trim() },
      { onSuccess: () => setText(''), onError: fail },
    );
  };
  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button
          type="button"
          size="sm"
          variant={piece.thumbs_up ? 'default' : 'outline'}
          aria-pressed={piece.thumbs_up}
          disabled={change.isPending}
          onClick={() =>
            change.mutate({ kind: 'react', evidenceId: piece.id, thumbsUp: !piece.thumbs_up }, { onError: fail })
          }
          data-testid="evidence-thumbs-up"
        >
          <ThumbsUpIcon className="size-4" aria-hidden="true" />
          {piece.thumbs_up ? t('evidence.reaction.given') : t('evidence.reaction.give')}
        </Button>
      </div>
      <form onSubmit={comment} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <label htmlFor={fieldId} className="sr-only">
          {t('evidence.comment.label')}
        </label>
        <Textarea
          id={fieldId}
          value={text}
          rows={2}
          maxLength={EVIDENCE_LIMITS.comment}
          placeholder={t('evidence.comment.placeholder')}
          onChange={(e) => setText(e.target.value)}
          className="min-h-10 flex-1"
        />
        <Button type="submit" size="sm" variant="outline" disabled={!text.trim() || change.isPending}>
          {t('evidence.comment.send')}
        </Button>
      </form>
    </div>
  );
}

function EvidenceItem({ piece, viewer, side }: { piece: EvidenceWire; viewer: DeliverableViewer; side: Side }) {
  const { t } = useTranslation();
  const format = useFormat();
  const change = useChangeEvidence(piece.deliverable_id, piece.sponsorship_id, viewer);
  const remove = () =>
    change.mutate(
      { kind: 'remove', evidenceId: piece.id },
      {
        onSuccess: () => toast.success(t('evidence.removed')),
        onError: (error) => toast.error(getErrorMessage(error, t)),
      },
    );
  const picture = piece.kind === 'photo' || piece.kind === 'screenshot';
  return (
    <li className="flex flex-col gap-2 rounded-md bg-muted/40 p-3" data-testid="evidence-item">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-xs text-muted-foreground">
        <span>
          <span className="font-medium text-foreground">{t(`evidence.kind.${piece.kind}`)}</span> ·{' '}
          {t('evidence.addedBy', { by: piece.added_by })} ·{' '}
          <time dateTime={piece.added_at} className="tabular-nums">
            {format.dateTime(piece.added_at)}
          </time>
        </span>
        {side === 'organisation' ? (
          <Button type="button" size="sm" variant="ghost" onClick={remove} disabled={change.isPending}>
            <Trash2Icon className="size-4" aria-hidden="true" />
            {t('evidence.remove')}
          </Button>
        ) : null}
      </div>
      {picture ? <EvidencePicture piece={piece} viewer={viewer} /> : null}
      {piece.url ? (
        <a
          href={piece.url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="inline-flex items-center gap-1 font-medium break-all text-primary underline underline-offset-4"
        >
          {piece.url}
          <ExternalLinkIcon className="size-4 shrink-0" aria-hidden="true" />
          <span className="sr-only">{t('evidence.newTab')}</span>
        </a>
      ) : null}
      {piece.note ? <p className="text-sm whitespace-pre-wrap break-words">{piece.note}</p> : null}
      {side === 'organisation' ? (
        <p
          className={cn(
            'flex items-center gap-1.5 text-sm',
            piece.thumbs_up ? 'text-foreground' : 'text-muted-foreground',
          )}
          data-testid="evidence-reaction"
        >
          <ThumbsUpIcon className="size-4" aria-hidden="true" />
          {piece.thumbs_up ? t('evidence.reaction.sponsorLikes') : t('evidence.reaction.none')}
        </p>
      ) : null}
      {piece.comments.length > 0 ? (
        <ul className="flex flex-col gap-1.5 text-sm" aria-label={t('evidence.comment.list')}>
          {piece.comments.map((c) => (
            <li key={c.id} className="break-words rounded-md bg-background px-2 py-1.5" data-testid="evidence-comment">
              <span className="font-medium">{side === 'sponsor' ? t('evidence.comment.you') : c.by}</span>{' '}
              <time dateTime={c.at} className="text-xs text-muted-foreground tabular-nums">
                {format.dateTime(c.at)}
              </time>
              <span className="block whitespace-pre-wrap">{c.text}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {side === 'sponsor' ? <SponsorReaction piece={piece} viewer={viewer} /> : null}
    </li>
  );
}

/** The evidence of one deliverable; the team also gets the form to add some. */
export function DeliverableEvidence({
  deliverableId,
  sponsorshipId,
  viewer,
  side,
}: {
  deliverableId: number;
  sponsorshipId: number;
  viewer: DeliverableViewer;
  side: Side;
}) {
  const { t } = useTranslation();
  const query = useQuery(sponsorshipEvidenceQueryOptions(sponsorshipId, viewer));
  if (query.isPending) {
    return (
      <p className="text-sm text-muted-foreground" role="status">
        {t('evidence.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p className="text-sm text-destructive" role="alert">
        {t('evidence.loadFailed')}
      </p>
    );
  }
  const pieces = query.data.evidence.filter((e) => e.deliverable_id === deliverableId);
  if (pieces.length === 0 && side === 'sponsor') return null;
  return (
    <section className="flex flex-col gap-2" aria-label={t('evidence.title')} data-testid="deliverable-evidence">
      {/* On the team's board the disclosure's summary already names it. */}
      {side === 'sponsor' ? <h4 className="text-sm font-semibold">{t('evidence.title')}</h4> : null}
      {pieces.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {pieces.map((piece) => (
            <EvidenceItem key={piece.id} piece={piece} viewer={viewer} side={side} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t('evidence.empty')}</p>
      )}
      {side === 'organisation' ? (
        <EvidenceForm deliverableId={deliverableId} sponsorshipId={sponsorshipId} viewer={viewer} />
      ) : null}
    </section>
  );
}
