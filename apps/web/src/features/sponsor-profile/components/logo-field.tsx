import { ImageIcon, LoaderCircleIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { SPONSOR_PROFILE_LIMITS, type SponsorLogoWire } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { useRuntimeConfig } from '@/config/runtime-config-provider';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { publicApiUrl } from '@/lib/public-api-url';

const TAKEN_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The logo with its preview: a PNG, JPEG or WebP up to 2 MB (checked here for speed, decided by the server). */
export function LogoField({
  logo,
  onUpload,
  onRemove,
}: {
  logo: SponsorLogoWire | null;
  onUpload: (file: File) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { apiBase } = useRuntimeConfig();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(getErrorMessage(failure, t));
    } finally {
      setBusy(false);
    }
  };

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.type === 'image/svg+xml') return setError(t('problems.logo.svg-refused'));
    if (!TAKEN_TYPES.includes(file.type)) return setError(t('problems.logo.unsupported-type'));
    if (file.size > SPONSOR_PROFILE_LIMITS.logoBytes) return setError(t('problems.logo.too-large'));
    void run(() => onUpload(file));
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center" aria-busy={busy || undefined}>
      <div
        className="flex h-28 w-full shrink-0 items-center justify-center rounded-lg border border-dashed border-border bg-[repeating-conic-gradient(var(--color-muted)_0_25%,transparent_0_50%)] bg-[length:16px_16px] p-2 sm:w-48"
        data-testid="logo-preview"
      >
        {logo ? (
          <img
            src={publicApiUrl(apiBase, logo.url)}
            width={logo.width}
            height={logo.height}
            alt={t('sponsorProfile.logo.alt')}
            className="max-h-full max-w-full object-contain"
          />
        ) : (
          <span className="flex flex-col items-center gap-1 text-xs text-muted-foreground">
            <ImageIcon className="size-6" aria-hidden="true" />
            {t('sponsorProfile.logo.none')}
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept={TAKEN_TYPES.join(',')}
            className="sr-only"
            aria-label={t('sponsorProfile.logo.choose')}
            aria-describedby={hintId}
            onChange={(event) => choose(event.target.files?.[0])}
            disabled={busy}
            data-testid="logo-input"
          />
          <Button type="button" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
            {busy ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <UploadIcon aria-hidden="true" />
            )}
            {logo ? t('sponsorProfile.logo.replace') : t('sponsorProfile.logo.upload')}
          </Button>
          {logo ? (
            <Button type="button" variant="ghost" disabled={busy} onClick={() => void run(onRemove)}>
              <Trash2Icon aria-hidden="true" />
              {t('sponsorProfile.logo.remove')}
            </Button>
          ) : null}
        </div>
        <p id={hintId} className="text-xs text-muted-foreground">
          {t('sponsorProfile.logo.hint')}
        </p>
        {error ? (
          <p className="text-sm font-medium text-destructive" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
