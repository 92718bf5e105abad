// The team's form to add delivery evidence to a deliverable (issue 60, point 1): a photo straight from
// the phone's camera (a file input with `capture`), a screenshot, a link (http or https) or a note.
// The picture goes as its raw bytes; the server re-encodes it and drops its location metadata.
import { EVIDENCE_LIMITS, type EvidenceKind } from '@sp/shared';
import { CameraIcon, LoaderCircleIcon } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { useChangeEvidence } from '../api/deliverable-evidence';
import type { DeliverableViewer } from '../api/sponsorship-deliverables';

/** The server's refusals of a picture, in words of this form (the codes are the logo checks'). */
const PICTURE_REFUSALS = {
  'logo.svg-refused': 'evidence.errors.type',
  'logo.unsupported-type': 'evidence.errors.type',
  'logo.unreadable': 'evidence.errors.unreadable',
  'logo.too-many-pixels': 'evidence.errors.pixels',
  'asset.too-large': 'evidence.errors.tooLarge',
  'request.too-large': 'evidence.errors.tooLarge',
  'request.validation-failed': 'evidence.errors.invalid',
} as const;

const isHttp = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

export function EvidenceForm({
  deliverableId,
  sponsorshipId,
  viewer,
}: {
  deliverableId: number;
  sponsorshipId: number;
  viewer: DeliverableViewer;
}) {
  const { t } = useTranslation();
  const id = useId();
  const change = useChangeEvidence(deliverableId, sponsorshipId, viewer);
  const [kind, setKind] = useState<EvidenceKind>('photo');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const picture = kind === 'photo' || kind === 'screenshot';

  const reset = () => {
    setFile(null);
    setUrl('');
    setNote('');
    setProblem(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const refusal = (error: unknown) => {
    const code = error instanceof ApiError ? error.code : null;
    const key = code && code in PICTURE_REFUSALS ? PICTURE_REFUSALS[code as keyof typeof PICTURE_REFUSALS] : null;
    return key ? t(key) : getErrorMessage(error, t);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const caption = note.trim();
    if (picture) {
      if (!file) return setProblem(t('evidence.errors.noFile'));
      if (file.size > EVIDENCE_LIMITS.bytes) return setProblem(t('evidence.errors.tooLarge'));
    } else if (kind === 'link' && !isHttp(url.trim())) {
      return setProblem(t('evidence.errors.url'));
    } else if (kind === 'note' && !caption) {
      return setProblem(t('evidence.errors.noNote'));
    }
    setProblem(null);
    const body = picture
      ? ({ kind: 'picture', file: file!, picture: kind, note: caption } as const)
      : kind === 'link'
        ? ({ kind: 'add', body: { kind: 'link', url: url.trim(), ...(caption ? { note: caption } : {}) } } as const)
        : ({ kind: 'add', body: { kind: 'note', note: caption } } as const);
    change.mutate(body, {
      onSuccess: () => {
        reset();
        toast.success(t('evidence.form.added'));
      },
      onError: (error) => setProblem(refusal(error)),
    });
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-md border border-dashed border-border p-3"
      noValidate
    >
      <fieldset className="flex flex-col gap-2" disabled={change.isPending}>
        <legend className="mb-1 text-sm font-medium">{t('evidence.form.title')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm" role="radiogroup" aria-label={t('evidence.form.kind')}>
          {(['photo', 'screenshot', 'link', 'note'] as const).map((k) => (
            <label key={k} className="flex min-h-8 items-center gap-1.5">
              <input
                type="radio"
                name={`${id}-kind`}
                value={k}
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  setProblem(null);
                }}
                className="size-4 accent-primary"
              />
              {t(`evidence.kind.${k}`)}
            </label>
          ))}
        </div>
        {picture ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-file`} className="flex items-center gap-1.5 text-sm font-medium">
              <CameraIcon className="size-4" aria-hidden="true" />
              {kind === 'photo' ? t('evidence.form.photo') : t('evidence.form.screenshot')}
            </label>
            <Input
              ref={fileInput}
              id={`${id}-file`}
              type="file"
              accept="image/*"
              {...(kind === 'photo' ? { capture: 'environment' as const } : {})}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              aria-describedby={`${id}-file-hint`}
              data-testid="evidence-file"
            />
            <p id={`${id}-file-hint`} className="text-xs text-muted-foreground">
              {t('evidence.form.fileHint')}
            </p>
          </div>
        ) : null}
        {kind === 'link' ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-url`} className="text-sm font-medium">
              {t('evidence.form.url')}
            </label>
            <Input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              value={url}
              maxLength={EVIDENCE_LIMITS.url}
              placeholder="https://"
              onChange={(e) => setUrl(e.target.value)}
            />
          </div>
        ) : null}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-note`} className="text-sm font-medium">
            {kind === 'note' ? t('evidence.form.note') : t('evidence.form.caption')}
          </label>
          <Textarea
            id={`${id}-note`}
            value={note}
            rows={2}
            maxLength={EVIDENCE_LIMITS.note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        {problem ? (
          <p className="text-sm text-destructive" role="alert">
            {problem}
          </p>
        ) : null}
        <div>
          <Button type="submit" size="sm">
            {change.isPending ? <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" /> : null}
            {change.isPending && picture ? t('evidence.form.uploading') : t('evidence.form.add')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
