import { useQuery } from '@tanstack/react-query';
import { LoaderCircleIcon } from 'lucide-react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { publicSponsorWallQueryOptions } from '../api/sponsor-wall';
import { WallGroups } from './wall-groups';

/**
 * The public sponsor wall of an event (no sign-in): the full page, or the bare embed that other
 * sites put in a frame. A wall that is off and an unknown event look the same.
 */
export function PublicSponsorWall({ eventId, embedded = false }: { eventId: number; embedded?: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(publicSponsorWallQueryOptions(eventId));
  useDocumentTitle(query.data ? t('sponsorWall.pageTitle', { event: query.data.event_title }) : t('sponsorWall.title'));

  let content;
  if (query.isPending) {
    content = (
      <p className="flex items-center gap-2 text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t('sponsorWall.loading')}
      </p>
    );
  } else if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    content = (
      <p className={cn('text-sm', missing ? 'text-muted-foreground' : 'text-destructive')} role="alert">
        {missing ? t('sponsorWall.notFound') : t('sponsorWall.loadFailed')}
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
          <WallGroups groups={feed.groups} />
        )}
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
