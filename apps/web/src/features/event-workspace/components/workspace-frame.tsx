import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';
import { WorkspaceNav } from './workspace-nav';

/**
 * The frame of an event's workspace: the way back to the event list, the event's name, the
 * navigation between its areas, and the area below. The area brings its own h1.
 */
export function WorkspaceFrame({
  eventId,
  title,
  lead,
  figures,
  children,
}: {
  eventId: number;
  title: string;
  lead?: ReactNode;
  /** The event's sums (committed, in negotiation), beside its name in every area. */
  figures?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex w-full flex-col">
      <div className="border-b border-border bg-background">
        <div className="mx-auto w-full max-w-5xl px-4 pt-6 sm:px-6">
          <Link
            to="/dashboard/organizer/events"
            className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <ArrowLeftIcon className="size-4" aria-hidden="true" />
            {t('events.form.backToList')}
          </Link>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <p className="text-xl font-semibold tracking-tight break-words" data-testid="workspace-event-title">
                {title}
              </p>
              {lead ? <p className="mt-1 text-sm text-muted-foreground">{lead}</p> : null}
            </div>
            {figures}
          </div>
          <WorkspaceNav eventId={eventId} />
        </div>
      </div>
      {children}
    </div>
  );
}

/** An area's page below the frame: its h1, an optional lead and its content. */
export function WorkspaceArea({
  title,
  lead,
  actions,
  children,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 pb-10 sm:px-6 sm:py-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-balance">{title}</h1>
          {lead ? <p className="mt-1 text-muted-foreground">{lead}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
