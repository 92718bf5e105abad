// A deliverable's asset (issue 59): the organisation sets what the file must be and decides each
// round; the sponsor sees the spec, uploads the file (a refusal says in their language what falls
// short) and sees each round's decision and comment.
import { useQuery } from '@tanstack/react-query';
import {
  ASSET_FILE_TYPES,
  ASSET_PLACEMENTS,
  hasProof,
  type AssetFileType,
  type AssetSpec,
  type DeliverableAssetResponse,
} from '@sp/shared';
import { LoaderCircleIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation, type TFunction as Translate } from '@/lib/i18n';
import { deliverableAssetQueryOptions, useChangeAsset } from '../api/deliverable-asset';
import type { DeliverableViewer } from '../api/sponsorship-deliverables';
import { MonochromeUpload, ProofImage, SponsorProofDecision } from './asset-proof';
import { refusalMessages } from './asset-refusal';

const EMPTY: AssetSpec = {
  placement: null,
  file_types: ['png', 'svg'],
  min_width: null,
  min_height: null,
  transparent: false,
  vector: false,
  alt_text_required: false,
  text_limit: null,
  monochrome_variant: false,
};

/** What the spec asks, in one line. */
function specLine(spec: AssetSpec, t: Translate) {
  const parts = spec.file_types.length > 0 ? [spec.file_types.map((f) => f.toUpperCase()).join(', ')] : [];
  if (spec.min_width) parts.push(t('assets.spec.minWidthIs', { px: spec.min_width }));
  if (spec.min_height) parts.push(t('assets.spec.minHeightIs', { px: spec.min_height }));
  if (spec.transparent) parts.push(t('assets.spec.transparent'));
  if (spec.vector) parts.push(t('assets.spec.vector'));
  if (spec.alt_text_required) parts.push(t('assets.spec.altText'));
  if (spec.monochrome_variant) parts.push(t('assets.spec.monochrome'));
  if (spec.text_limit) parts.push(t(`assets.spec.textLimitIs.${spec.text_limit.unit}`, { max: spec.text_limit.max }));
  return parts.join(' · ');
}

function SpecForm({ data, viewer }: { data: DeliverableAssetResponse; viewer: DeliverableViewer }) {
  const { t } = useTranslation();
  const change = useChangeAsset(data.deliverable_id, viewer);
  const [spec, setSpec] = useState<AssetSpec>(data.spec ?? EMPTY);
  const id = `spec-${data.deliverable_id}`;
  const toggle = (type: AssetFileType, on: boolean) =>
    setSpec((s) => ({ ...s, file_types: on ? [...s.file_types, type] : s.file_types.filter((x) => x !== type) }));
  const px = (value: string) => (value === '' ? null : Math.max(1, Math.min(20_000, Number(value) || 1)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { kind: 'spec', spec },
      { onSuccess: () => toast.success(t('assets.spec.saved')), onError: (e) => toast.error(getErrorMessage(e, t)) },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 rounded-md border border-border p-3" aria-labelledby={id}>
      <h4 id={id} className="text-sm font-medium">
        {t('assets.spec.title')}
      </h4>
      <fieldset className="flex flex-wrap gap-3 text-sm">
        <legend className="sr-only">{t('assets.spec.fileTypes')}</legend>
        {ASSET_FILE_TYPES.map((type) => (
          <label key={type} className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={spec.file_types.includes(type)}
              onChange={(e) => toggle(type, e.target.checked)}
            />
            {type.toUpperCase()}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-2 sm:grid-cols-3">
        <label className="flex flex-col gap-1 text-sm">
          {t('assets.spec.minWidth')}
          <Input
            type="number"
            min={1}
            value={spec.min_width ?? ''}
            onChange={(e) => setSpec({ ...spec, min_width: px(e.target.value) })}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('assets.spec.minHeight')}
          <Input
            type="number"
            min={1}
            value={spec.min_height ?? ''}
            onChange={(e) => setSpec({ ...spec, min_height: px(e.target.value) })}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('assets.spec.placement')}
          <select
            className="h-9 rounded-md border border-input bg-background px-2 text-sm"
            value={spec.placement ?? ''}
            onChange={(e) => setSpec({ ...spec, placement: (e.target.value || null) as AssetSpec['placement'] })}
          >
            <option value="">{t('assets.spec.anyPlacement')}</option>
            {ASSET_PLACEMENTS.map((p) => (
              <option key={p} value={p}>
                {t(`assets.placement.${p}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="flex flex-wrap gap-3 text-sm">
        {(['transparent', 'vector', 'alt_text_required', 'monochrome_variant'] as const).map((rule) => (
          <label key={rule} className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={spec[rule]}
              onChange={(e) => setSpec({ ...spec, [rule]: e.target.checked })}
            />
            {t(`assets.spec.rule.${rule}`)}
          </label>
        ))}
      </div>
      <div className="grid gap-2 sm:grid-cols-3">
        <label className="flex flex-col gap-1 text-sm">
          {t('assets.spec.textMax')}
          <Input
            type="number"
            min={1}
            value={spec.text_limit?.max ?? ''}
            onChange={(e) =>
              setSpec({
                ...spec,
                text_limit:
                  e.target.value === ''
                    ? null
                    : {
                        max: Math.max(1, Math.min(100_000, Number(e.target.value) || 1)),
                        unit: spec.text_limit?.unit ?? 'characters',
                      },
              })
            }
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('assets.spec.textUnit')}
          <select
            className="h-9 rounded-md border border-input bg-background px-2 text-sm"
            value={spec.text_limit?.unit ?? 'characters'}
            disabled={!spec.text_limit}
            onChange={(e) =>
              spec.text_limit &&
              setSpec({ ...spec, text_limit: { ...spec.text_limit, unit: e.target.value as 'characters' | 'words' } })
            }
          >
            <option value="characters">{t('assets.spec.unit.characters')}</option>
            <option value="words">{t('assets.spec.unit.words')}</option>
          </select>
        </label>
      </div>
      <Button
        type="submit"
        size="sm"
        className="self-start"
        disabled={change.isPending || (spec.file_types.length === 0 && !spec.text_limit)}
      >
        {t('assets.spec.save')}
      </Button>
    </form>
  );
}

function UploadForm({ data, viewer }: { data: DeliverableAssetResponse; viewer: DeliverableViewer }) {
  const { t } = useTranslation();
  const change = useChangeAsset(data.deliverable_id, viewer);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [refusal, setRefusal] = useState<string[]>([]);
  const base = `asset-${data.deliverable_id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setRefusal([]);
    change.mutate(
      { kind: 'upload', file, altText: alt.trim() },
      {
        onSuccess: () => toast.success(t('assets.upload.done')),
        onError: (error) => setRefusal(refusalMessages(error, data.spec, t)),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={`${base}-file`} className="text-sm font-medium">
        {t('assets.upload.file')}
      </label>
      <input
        id={`${base}-file`}
        type="file"
        className="text-sm"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      <label htmlFor={`${base}-alt`} className="text-sm font-medium">
        {t('assets.upload.altText')}
      </label>
      <Input id={`${base}-alt`} value={alt} maxLength={300} onChange={(e) => setAlt(e.target.value)} />
      {refusal.length > 0 ? (
        <div role="alert" className="text-sm text-destructive" data-testid="asset-refusal">
          {refusal.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ) : null}
      <Button type="submit" size="sm" className="self-start" disabled={!file || change.isPending}>
        {change.isPending ? <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" /> : null}
        {t('assets.upload.submit')}
      </Button>
    </form>
  );
}

function DecideForm({
  data,
  round,
  waiting,
  viewer,
}: {
  data: DeliverableAssetResponse;
  round: number;
  /** The proof waits for the sponsor's approval: the organisation may ask for a change, not approve. */
  waiting: boolean;
  viewer: DeliverableViewer;
}) {
  const { t } = useTranslation();
  const change = useChangeAsset(data.deliverable_id, viewer);
  const [comment, setComment] = useState('');
  const decide = (decision: 'approve' | 'request_change') =>
    change.mutate(
      { kind: 'decide', body: { round, decision, comment: comment.trim() } },
      { onError: (e) => toast.error(getErrorMessage(e, t)) },
    );
  const id = `decide-${data.deliverable_id}`;
  return (
    <div className="flex flex-col gap-2">
      {waiting ? <p className="text-sm text-muted-foreground">{t('assets.proof.waitingForSponsor')}</p> : null}
      <label htmlFor={id} className="text-sm font-medium">
        {t('assets.decide.comment')}
      </label>
      <Textarea id={id} rows={2} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} />
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" disabled={change.isPending || waiting} onClick={() => decide('approve')}>
          {t('assets.decide.approve', { round })}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={change.isPending || !comment.trim()}
          onClick={() => decide('request_change')}
        >
          {t('assets.decide.requestChange')}
        </Button>
      </div>
    </div>
  );
}

/** The asset part of a deliverable, for the organisation (`side` organisation) or the sponsor. */
export function DeliverableAsset({
  deliverableId,
  viewer,
  side,
}: {
  deliverableId: number;
  viewer: DeliverableViewer;
  side: 'organisation' | 'sponsor';
}) {
  const { t } = useTranslation();
  const query = useQuery(deliverableAssetQueryOptions(deliverableId, viewer));
  if (!query.data) return null;
  const data = query.data;
  if (side === 'sponsor' && !data.spec) return null;
  const open = data.rounds.find((r) => r.status === 'submitted');
  const newest = data.rounds[0];
  const proof = hasProof(data.spec);
  return (
    <section className="flex flex-col gap-2" data-testid="deliverable-asset" aria-label={t('assets.title')}>
      {data.spec ? (
        <p className="text-sm">
          <span className="font-medium">{t('assets.spec.asked')}: </span>
          {specLine(data.spec, t)}
        </p>
      ) : null}
      {side === 'organisation' ? (
        <SpecForm data={data} viewer={viewer} />
      ) : data.spec && data.spec.file_types.length > 0 ? (
        <UploadForm data={data} viewer={viewer} />
      ) : null}
      {side === 'sponsor' && open && data.spec?.monochrome_variant && !open.sponsor_decision ? (
        <MonochromeUpload data={data} viewer={viewer} />
      ) : null}
      {newest && data.spec?.placement ? (
        <ProofImage
          deliverableId={data.deliverable_id}
          round={newest.round}
          placement={data.spec.placement}
          viewer={viewer}
        />
      ) : null}
      {side === 'sponsor' && open && proof ? <SponsorProofDecision data={data} round={open} viewer={viewer} /> : null}
      {data.rounds.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm" aria-label={t('assets.rounds')}>
          {data.rounds.map((r) => (
            <li key={r.round} data-testid="asset-round">
              {t('assets.round', { round: r.round })}: {r.file_type.toUpperCase()}
              {r.width ? ` ${r.width} × ${r.height} px` : ''} · {t(`assets.status.${r.status}`)}
              {r.sponsor_decision === 'approved' && r.status === 'submitted'
                ? ` · ${t('assets.proof.sponsorApproved')}`
                : ''}
              {r.monochrome ? ` · ${t('assets.monochrome.attached')}` : ''}
              {r.comment ? ` · „${r.comment}“` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {side === 'organisation' && open ? (
        <DecideForm
          data={data}
          round={open.round}
          waiting={
            (proof && open.sponsor_decision !== 'approved') || (!!data.spec?.monochrome_variant && !open.monochrome)
          }
          viewer={viewer}
        />
      ) : null}
    </section>
  );
}
