import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/** The frame of the event screens: an optional way back to the list, the h1 with its actions, the content. */
export function EventPage({
  title,
  lead,
  backToList = false,
  actions,
  width = 'narrow',
  children,
}: {
  title: string;
  lead?: ReactNode;
  backToList?: boolean;
  actions?: ReactNode;
  width?: 'narrow' | 'wide';
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className={cn('mx-auto w-full px-4 py-8 sm:px-6 sm:py-12', width === 'narrow' ? 'max-w-3xl' : 'max-w-5xl')}>
      {backToList ? (
        <Link
          to="/dashboard/organizer/events"
          className="mb-4 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          {t('events.form.backToList')}
        </Link>
      ) : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-balance break-words sm:text-3xl">{title}</h1>
          {lead ? <p className="mt-2 text-base text-muted-foreground">{lead}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-3">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
