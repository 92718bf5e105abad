import { useQuery } from '@tanstack/react-query';
import type { CalendarFeedStatus, CreatedCalendarFeed } from '@sp/shared';
import { CalendarPlusIcon, CopyIcon, LoaderCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useFormat } from '@/hooks/use-format';
import { getErrorMessage } from '@/lib/api-error';
import { copyText } from '@/lib/clipboard';
import { i18n, useTranslation } from '@/lib/i18n';
import {
  organiserFeedsQueryOptions,
  sponsorFeedQueryOptions,
  useCreateOrganiserFeed,
  useCreateSponsorFeed,
  useRevokeOrganiserFeed,
  useRevokeSponsorFeed,
  type FeedViewer,
  type OrganiserFeedKind,
} from '../api/calendar-feeds';

type FeedKind = CalendarFeedStatus['kind'];
const language = (): 'de' | 'en' => (i18n.language === 'en' ? 'en' : 'de');

/** One feed: its state, the link right after it was made (shown once), a new link and revoking. */
function FeedCard({
  kind,
  status,
  creating,
  revoking,
  onCreate,
  onRevoke,
}: {
  kind: FeedKind;
  status: CalendarFeedStatus | undefined;
  creating: boolean;
  revoking: boolean;
  onCreate: () => Promise<CreatedCalendarFeed>;
  onRevoke: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [created, setCreated] = useState<CreatedCalendarFeed | null>(null);
  const active = status?.active ?? false;
  const id = `calendar-feed-${kind}`;

  const create = () =>
    onCreate().then(
      (feed) => setCreated(feed),
      (error: unknown) => toast.error(getErrorMessage(error, t)),
    );
  const revoke = () =>
    onRevoke().then(
      () => {
        setCreated(null);
        toast.success(t('calendarFeeds.revoked'));
      },
      (error: unknown) => toast.error(getErrorMessage(error, t)),
    );
  const copy = async () => {
    if (!created) return;
    if (await copyText(created.url)) toast.success(t('calendarFeeds.copied'));
    else toast.error(t('calendarFeeds.copyFailed'));
  };

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-xl border border-border p-4 sm:p-6">
      <div className="grid gap-1">
        <h3 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold">
          <CalendarPlusIcon aria-hidden="true" className="size-4" />
          {t(`calendarFeeds.kinds.${kind}.title`)}
        </h3>
        <p className="text-sm text-muted-foreground">{t(`calendarFeeds.kinds.${kind}.lead`)}</p>
        <p className="text-sm" data-testid={`${id}-state`}>
          {active && status?.created_at
            ? t('calendarFeeds.activeSince', { date: format.dateTime(status.created_at) })
            : t('calendarFeeds.inactive')}
        </p>
      </div>
      {created ? (
        <div className="grid gap-2">
          <label htmlFor={`${id}-url`} className="text-sm font-medium">
            {t('calendarFeeds.url')}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={`${id}-url`}
              readOnly
              value={created.url}
              onFocus={(e) => e.currentTarget.select()}
              className="font-mono text-xs"
            />
            <Button type="button" variant="outline" className="shrink-0" onClick={() => void copy()}>
              <CopyIcon aria-hidden="true" />
              {t('calendarFeeds.copy')}
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">{t('calendarFeeds.shownOnce')}</p>
          <a
            href={created.webcal_url}
            className="text-sm font-medium text-primary underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {t('calendarFeeds.openInApp')}
          </a>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" disabled={creating || revoking} onClick={() => void create()}>
          {creating ? <LoaderCircleIcon aria-hidden="true" className="animate-spin" /> : null}
          {active ? t('calendarFeeds.rotate') : t('calendarFeeds.create')}
        </Button>
        {active ? (
          <Button type="button" variant="outline" disabled={creating || revoking} onClick={() => void revoke()}>
            {t('calendarFeeds.revoke')}
          </Button>
        ) : null}
      </div>
      {active && !created ? <p className="text-xs text-muted-foreground">{t('calendarFeeds.rotateHint')}</p> : null}
    </section>
  );
}

/** The organiser's "Subscribe in your calendar": the organisation's feed and their own as person responsible. */
export function OrganiserCalendarFeeds() {
  const { t } = useTranslation();
  const feeds = useQuery(organiserFeedsQueryOptions());
  const create = useCreateOrganiserFeed();
  const revoke = useRevokeOrganiserFeed();
  const kinds: OrganiserFeedKind[] = ['organisation', 'person'];
  return (
    <section aria-labelledby="calendar-feeds-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="calendar-feeds-heading" className="text-lg font-semibold tracking-tight">
          {t('calendarFeeds.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('calendarFeeds.lead')}</p>
      </div>
      {feeds.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {getErrorMessage(feeds.error, t)}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {kinds.map((kind) => (
          <FeedCard
            key={kind}
            kind={kind}
            status={feeds.data?.feeds.find((f) => f.kind === kind)}
            creating={create.isPending && create.variables?.kind === kind}
            revoking={revoke.isPending && revoke.variables === kind}
            onCreate={() => create.mutateAsync({ kind, language: language() })}
            onRevoke={() => revoke.mutateAsync(kind)}
          />
        ))}
      </div>
    </section>
  );
}

/** The sponsor's feed of their sponsorship: event day, due dates, naming deadline, payment due dates. */
export function SponsorCalendarFeed({ sponsorshipId, viewer }: { sponsorshipId: number; viewer: FeedViewer }) {
  const feed = useQuery(sponsorFeedQueryOptions(sponsorshipId, viewer));
  const create = useCreateSponsorFeed(sponsorshipId, viewer);
  const revoke = useRevokeSponsorFeed(sponsorshipId, viewer);
  if (feed.isError) return null;
  return (
    <FeedCard
      kind="sponsor"
      status={feed.data}
      creating={create.isPending}
      revoking={revoke.isPending}
      onCreate={() => create.mutateAsync(language())}
      onRevoke={() => revoke.mutateAsync()}
    />
  );
}
