// A round's proof (decision 089): the sponsor's file placed on a mock-up of its placement, rendered on
// the server. The sponsor approves it or asks for a change with a comment; the organisation sees it
// and approves only after the sponsor. Fits a 375 px phone: the picture scales to the width.
import { useQuery } from '@tanstack/react-query';
import type { AssetPlacement, AssetRoundWire, DeliverableAssetResponse } from '@sp/shared';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { proofQueryOptions, useChangeAsset } from '../api/deliverable-asset';
import type { DeliverableViewer } from '../api/sponsorship-deliverables';
import { refusalMessages } from './asset-refusal';

export function ProofImage({
  deliverableId,
  round,
  placement,
  viewer,
}: {
  deliverableId: number;
  round: number;
  placement: AssetPlacement;
  viewer: DeliverableViewer;
}) {
  const { t } = useTranslation();
  const query = useQuery(proofQueryOptions(deliverableId, round, viewer));
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const made = URL.createObjectURL(query.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [query.data]);
  if (query.isError) return <p className="text-sm text-destructive">{t('assets.proof.failed')}</p>;
  return (
    <figure className="flex flex-col gap-1">
      {url ? (
        <img
          src={url}
          alt={t('assets.proof.alt', { round, placement: t(`assets.placement.${placement}`) })}
          className="h-auto w-full max-w-xl rounded-md border border-border"
          data-testid="asset-proof"
        />
      ) : (
        <div className="aspect-video w-full max-w-xl animate-pulse rounded-md bg-muted" aria-hidden="true" />
      )}
      <figcaption className="text-xs text-muted-foreground">
        {t('assets.proof.caption', { round, placement: t(`assets.placement.${placement}`) })}
      </figcaption>
    </figure>
  );
}

/** The sponsor's decision on the open round's proof. */
export function SponsorProofDecision({
  data,
  round,
  viewer,
}: {
  data: DeliverableAssetResponse;
  round: AssetRoundWire;
  viewer: DeliverableViewer;
}) {
  const { t } = useTranslation();
  const change = useChangeAsset(data.deliverable_id, viewer);
  const [comment, setComment] = useState('');
  const id = `proof-comment-${data.deliverable_id}`;
  if (round.sponsor_decision === 'approved') {
    return (
      <p className="text-sm" role="status">
        {t('assets.proof.youApproved')}
      </p>
    );
  }
  const missingVariant = data.spec?.monochrome_variant === true && round.monochrome === null;
  const decide = (decision: 'approve' | 'request_change') =>
    change.mutate(
      { kind: 'proof', body: { round: round.round, decision, comment: comment.trim() } },
      {
        onSuccess: () =>
          toast.success(t(decision === 'approve' ? 'assets.proof.approvedDone' : 'assets.proof.changeDone')),
        onError: (e) => toast.error(getErrorMessage(e, t)),
      },
    );
  return (
    <div className="flex flex-col gap-2" data-testid="proof-decision">
      {missingVariant ? <p className="text-sm text-muted-foreground">{t('assets.monochrome.needed')}</p> : null}
      <Button
        type="button"
        size="sm"
        className="self-start"
        disabled={change.isPending || missingVariant}
        onClick={() => decide('approve')}
      >
        {t('assets.proof.approve')}
      </Button>
      <label htmlFor={id} className="text-sm font-medium">
        {t('assets.proof.comment')}
      </label>
      <Textarea id={id} rows={2} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} />
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="self-start"
        disabled={change.isPending || !comment.trim()}
        onClick={() => decide('request_change')}
      >
        {t('assets.proof.requestChange')}
      </Button>
    </div>
  );
}

/** The monochrome variant's upload, for the open round, when the spec asks for one. */
export function MonochromeUpload({ data, viewer }: { data: DeliverableAssetResponse; viewer: DeliverableViewer }) {
  const { t } = useTranslation();
  const change = useChangeAsset(data.deliverable_id, viewer);
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const id = `mono-${data.deliverable_id}`;
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) return;
        setRefusal(null);
        change.mutate(
          { kind: 'monochrome', file },
          {
            onSuccess: () => toast.success(t('assets.monochrome.done')),
            onError: (error) => setRefusal(refusalMessages(error, data.spec, t).join(' ')),
          },
        );
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {t('assets.monochrome.file')}
      </label>
      <input id={id} type="file" className="text-sm" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      {refusal ? (
        <p role="alert" className="text-sm text-destructive" data-testid="monochrome-refusal">
          {refusal}
        </p>
      ) : null}
      <Button type="submit" size="sm" variant="outline" className="self-start" disabled={!file || change.isPending}>
        {t('assets.monochrome.submit')}
      </Button>
    </form>
  );
}
