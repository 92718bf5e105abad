import { useQuery } from '@tanstack/react-query';
import { CheckIcon, CopyIcon, ExternalLinkIcon, LayoutGridIcon, LoaderCircleIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useRuntimeConfig } from '@/config/runtime-config-provider';
import { getErrorMessage } from '@/lib/api-error';
import { copyText } from '@/lib/clipboard';
import { useTranslation } from '@/lib/i18n';
import { publicApiUrl } from '@/lib/public-api-url';
import { sponsorWallSettingsQueryOptions, useSetSponsorWall } from '../api/sponsor-wall';

/** The iframe an organiser pastes into their own site (the embed page is the one page that may be framed). */
export function embedSnippet(origin: string, eventId: number, language: string, title: string): string {
  const safeTitle = title.replace(/[<>"&]/g, '');
  return (
    `<iframe src="${origin}/sponsors/${eventId}/embed?lang=${language}" title="${safeTitle}" ` +
    'loading="lazy" style="width:100%;min-height:480px;border:0"></iframe>'
  );
}

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!(await copyText(value))) {
      toast.error(t('sponsorWall.card.copyFailed'));
      return;
    }
    setCopied(true);
    toast.success(t('sponsorWall.card.copied'));
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <textarea
          id={id}
          readOnly
          value={value}
          rows={value.length > 90 ? 3 : 1}
          className="min-w-0 flex-1 resize-none rounded-md border border-input bg-muted/40 px-3 py-2 font-mono text-xs break-all"
          onFocus={(event) => event.currentTarget.select()}
          data-testid={testId}
        />
        <Button type="button" variant="outline" className="self-start" onClick={() => void copy()}>
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {t('sponsorWall.card.copy')}
          <span className="sr-only">{label}</span>
        </Button>
      </div>
    </div>
  );
}

/** The organisers' "Sponsor wall" card of an event: switch, public link, embed snippet and feed URL. */
export function SponsorWallCard({ eventId }: { eventId: number }) {
  const { t, i18n } = useTranslation();
  const { apiBase } = useRuntimeConfig();
  const query = useQuery(sponsorWallSettingsQueryOptions(eventId));
  const set = useSetSponsorWall(eventId);

  // The position asked for, set in the click's own render: the mutation's pending state arrives a
  // tick later, and in between the controlled switch would flip back.
  const [asked, setAsked] = useState<boolean | null>(null);
  const toggle = (enabled: boolean) => {
    setAsked(enabled);
    set.mutate(enabled, {
      onSuccess: () => toast.success(enabled ? t('sponsorWall.card.enabled') : t('sponsorWall.card.disabled')),
      onError: (error) => toast.error(getErrorMessage(error, t)),
      onSettled: () => setAsked(null),
    });
  };

  let content;
  if (query.isPending) {
    content = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t('sponsorWall.loading')}
      </p>
    );
  } else if (query.isError) {
    content = (
      <p className="text-sm text-destructive" role="alert">
        {t('sponsorWall.loadFailed')}
      </p>
    );
  } else {
    const { enabled, preview } = query.data;
    const shown = preview.groups.reduce((sum, group) => sum + group.sponsors.length, 0);
    const origin = window.location.origin;
    const pageUrl = `${origin}/sponsors/${eventId}`;
    content = (
      <div className="flex flex-col gap-4">
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            role="switch"
            className="mt-1 size-4 shrink-0"
            checked={asked ?? enabled}
            disabled={asked !== null}
            onChange={(event) => toggle(event.target.checked)}
            aria-describedby={`sponsor-wall-state-${eventId}`}
          />
          <span className="flex flex-col">
            <span className="font-medium">{t('sponsorWall.card.toggle')}</span>
            <span id={`sponsor-wall-state-${eventId}`} className="text-sm text-muted-foreground">
              {enabled ? t('sponsorWall.card.stateOn') : t('sponsorWall.card.stateOff')}
            </span>
          </span>
        </label>
        <p className="text-sm text-muted-foreground" data-testid="sponsor-wall-count">
          {shown === 0 ? t('sponsorWall.card.noneYet') : t('sponsorWall.card.count', { count: shown })}
        </p>
        {enabled ? (
          <>
            <a
              href={pageUrl}
              target="_blank"
              rel="noopener"
              className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('sponsorWall.card.open')}
              <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
            </a>
            <CopyField
              label={t('sponsorWall.card.embed')}
              value={embedSnippet(
                origin,
                eventId,
                i18n.language,
                t('sponsorWall.heading', { event: preview.event_title }),
              )}
              testId="sponsor-wall-embed"
            />
            <CopyField
              label={t('sponsorWall.card.feed')}
              value={publicApiUrl(apiBase, `/api/public/events/${eventId}/sponsors`)}
              testId="sponsor-wall-feed"
            />
          </>
        ) : null}
      </div>
    );
  }

  return (
    <Card data-testid="sponsor-wall-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LayoutGridIcon className="size-5 text-primary" aria-hidden="true" />
          {t('sponsorWall.card.title')}
        </CardTitle>
        <CardDescription>{t('sponsorWall.card.lead')}</CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
