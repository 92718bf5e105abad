import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CompassIcon, LoaderCircleIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { SponsorWallFeed, WallPlacement } from '@sp/shared';
import { StatusMessage } from '@/components/feedback/status-message';
import { Button } from '@/components/ui/button';
import { useRuntimeConfig } from '@/config/runtime-config-provider';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { publicSponsorWallQueryOptions } from '../api/sponsor-wall';
import { sendWallViews } from '@/lib/wall-figures';
import { WallGroups } from './wall-groups';

/** Counts the page's view once per load of the feed: every entry it shows (decision 102). */
function useCountedView(eventId: number, placement: WallPlacement, feed: SponsorWallFeed | undefined) {
  const { apiBase } = useRuntimeConfig();
  const counted = useRef<SponsorWallFeed | null>(null);
  useEffect(() => {
    if (!feed || counted.current === feed) return;
    counted.current = feed;
    const shown = feed.groups.flatMap((group) => group.sponsors.map((sponsor) => sponsor.id));
    if (shown.length > 0) sendWallViews(apiBase, eventId, placement, shown);
  }, [apiBase, eventId, placement, feed]);
}

/**
 * The public sponsor wall of an event (no sign-in): the full page, or the bare embed that other
 * sites put in a frame. A wall that is off and an unknown event look the same.
 */
export function PublicSponsorWall({ eventId, embedded = false }: { eventId: number; embedded?: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(publicSponsorWallQueryOptions(eventId));
  const placement: WallPlacement = embedded ? 'embed' : 'page';
  useCountedView(eventId, placement, query.data);
  useDocumentTitle(query.data ? t('sponsorWall.pageTitle', { event: query.data.event_title }) : t('sponsorWall.title'));

  let content;
  if (query.isPending) {
    content = (
      <p className="flex items-center gap-2 text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t('sponsorWall.loading')}
      </p>
    );
  } else if (query.isError && query.error instanceof ApiError && query.error.status === 404) {
    // The server answers this page's HTML with 404 too (apps/api/src/app.ts, pageExists).
    if (!embedded) {
      return (
        <StatusMessage
          icon={CompassIcon}
          title={t('sponsorWall.notFoundTitle')}
          actions={
            <Button asChild>
              <Link to="/">{t('common.backToHome')}</Link>
            </Button>
          }
        >
          <p>{t('sponsorWall.notFound')}</p>
        </StatusMessage>
      );
    }
    content = (
      <>
        <h1 className="text-xl font-semibold tracking-tight">{t('sponsorWall.notFoundTitle')}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t('sponsorWall.notFound')}</p>
      </>
    );
  } else if (query.isError) {
    content = (
      <p className="text-sm text-destructive" role="alert">
        {t('sponsorWall.loadFailed')}
      </p>
    );
  } else {
    const feed = query.data;
    content = (
      <>
        <header className={embedded ? 'mb-4' : 'mb-8'}>
          <p className="text-sm text-muted-foreground">{feed.organisation_name}</p>
          <h1 className={cn('font-semibold tracking-tight break-words', embedded ? 'text-xl' : 'text-2xl sm:text-3xl')}>
            {t('sponsorWall.heading', { event: feed.event_title })}
          </h1>
        </header>
        {feed.groups.length === 0 ? (
          <p className="text-muted-foreground">{t('sponsorWall.empty')}</p>
        ) : (
          <WallGroups groups={feed.groups} counting={{ eventId, placement }} />
        )}
        <p
          className={cn('text-xs text-muted-foreground', embedded ? 'mt-4' : 'mt-12 max-w-2xl')}
          data-testid="wall-privacy"
        >
          {t(embedded ? 'wallStats.privacyShort' : 'wallStats.privacy')}
        </p>
      </>
    );
  }

  return (
    <div
      className={cn('mx-auto w-full', embedded ? 'p-3' : 'max-w-5xl px-4 py-8 sm:px-6 sm:py-12')}
      data-testid="public-sponsor-wall"
    >
      {content}
    </div>
  );
}
