import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  BanIcon,
  BellIcon,
  CalendarClockIcon,
  CheckCheckIcon,
  CircleCheckIcon,
  DownloadIcon,
  FileSignatureIcon,
  LoaderCircleIcon,
  MessageSquareIcon,
  PackageCheckIcon,
  TruckIcon,
  UndoIcon,
  UserPlusIcon,
} from 'lucide-react';
import { useEffect, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { NotificationKind } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/hooks/use-language';
import { alertsQueryOptions, markAlertsRead, safeAlertLink, withRead, type Alert } from '@/lib/alerts';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { formatRelativeTime } from '@/lib/relative-time';
import { cn } from '@/lib/utils';

/** A loading indicator appears only after this long, so a fast answer does not flash. */
const SPINNER_DELAY_MS = 400;

const ICONS: Record<NotificationKind, ReactNode> = {
  new_message: <MessageSquareIcon aria-hidden="true" />,
  invitation_accepted: <UserPlusIcon aria-hidden="true" />,
  agreement_downloaded: <DownloadIcon aria-hidden="true" />,
  signed_uploaded: <FileSignatureIcon aria-hidden="true" />,
  sponsorship_confirmed: <CircleCheckIcon aria-hidden="true" />,
  sponsorship_declined: <BanIcon aria-hidden="true" />,
  sponsorship_withdrawn: <UndoIcon aria-hidden="true" />,
  deliverables_overdue: <CalendarClockIcon aria-hidden="true" />,
  shipment_announced: <TruckIcon aria-hidden="true" />,
  shipment_received: <PackageCheckIcon aria-hidden="true" />,
};

/** Reports the signed-in user's unread alerts to the header (its bell badge). */
export function AlertsCount({ onCount }: { onCount: (count: number) => void }) {
  const { data } = useQuery(alertsQueryOptions());
  const count = data?.unread_count ?? 0;
  useEffect(() => onCount(count), [count, onCount]);
  return null;
}

function useDelayed(active: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [active]);
  return shown;
}

function useMarkRead() {
  const queryClient = useQueryClient();
  const key = alertsQueryOptions().queryKey;
  return useMutation({
    mutationFn: markAlertsRead,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData(key);
      if (previous) {
        const ids = 'ids' in body ? body.ids : null;
        const unread = previous.notifications.filter(
          (a) => a.read_at === null && (ids === null || ids.includes(a.id)),
        ).length;
        queryClient.setQueryData(
          key,
          withRead(previous, ids, Math.max(0, previous.unread_count - unread), new Date().toISOString()),
        );
      }
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: ({ unread_count }) => {
      queryClient.setQueryData(key, (old) => (old ? { ...old, unread_count } : old));
    },
  });
}

/** Arrow keys, Home and End move between the panel's alerts. */
function onListKeyDown(event: KeyboardEvent<HTMLUListElement>): void {
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a[data-alert]')];
  const index = links.indexOf(document.activeElement as HTMLAnchorElement);
  const target =
    event.key === 'ArrowDown'
      ? links[(index + 1) % links.length]
      : event.key === 'ArrowUp'
        ? links[(index - 1 + links.length) % links.length]
        : event.key === 'Home'
          ? links[0]
          : event.key === 'End'
            ? links.at(-1)
            : undefined;
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/** The bell's panel: the newest alerts, each linking to where it happened; opening one marks it read. */
export function AlertsMenu({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const navigate = useNavigate();
  const alerts = useQuery(alertsQueryOptions());
  const markRead = useMarkRead();
  const showSpinner = useDelayed(alerts.isPending);
  const unread = alerts.data?.unread_count ?? 0;

  const open = (event: MouseEvent<HTMLAnchorElement>, alert: Alert) => {
    // Modified clicks open the link elsewhere the browser's way; the alert still counts as read.
    if (alert.read_at === null) markRead.mutate({ ids: [alert.id] });
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onDone();
    void navigate({ href: safeAlertLink(alert.link) });
  };

  return (
    <div className="grid min-w-0 grid-cols-1 gap-2">
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <h2 className="font-semibold">{t('alerts.title')}</h2>
        <Button
          variant="ghost"
          size="sm"
          className="-mr-2 ml-auto h-8 px-2 text-xs"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          <CheckCheckIcon aria-hidden="true" />
          {t('alerts.markAllRead')}
        </Button>
      </div>
      <p className="sr-only" role="status">
        {alerts.data ? t('alerts.unread', { count: unread }) : ''}
      </p>
      {alerts.isPending ? (
        showSpinner ? (
          <p className="flex items-center gap-2 py-4 text-muted-foreground" role="status">
            <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
            {t('alerts.loading')}
          </p>
        ) : null
      ) : alerts.isError ? (
        <p className="text-destructive" role="alert">
          {t('alerts.error', { message: getErrorMessage(alerts.error, t) })}
        </p>
      ) : alerts.data.notifications.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-6 text-center text-muted-foreground">
          <BellIcon aria-hidden="true" className="size-6" />
          <p>{t('alerts.empty')}</p>
        </div>
      ) : (
        <ul
          aria-label={t('alerts.title')}
          className="-mx-2 grid max-h-[min(24rem,70vh)] gap-0.5 overflow-y-auto"
          onKeyDown={onListKeyDown}
        >
          {alerts.data.notifications.map((alert) => {
            const isUnread = alert.read_at === null;
            return (
              <li key={alert.id}>
                <a
                  data-alert=""
                  href={safeAlertLink(alert.link)}
                  onClick={(event) => open(event, alert)}
                  className={cn(
                    'flex items-start gap-3 rounded-md px-2 py-2 hover:bg-accent focus-visible:bg-accent [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0',
                    isUnread ? '[&_svg]:text-primary' : 'text-muted-foreground',
                  )}
                >
                  {ICONS[alert.kind]}
                  <span className="min-w-0 flex-1">
                    <span className={cn('block break-words', isUnread && 'font-medium text-foreground')}>
                      {t(`alerts.kind.${alert.kind}`, { ...alert.params, count: alert.count })}
                    </span>
                    <time dateTime={alert.created_at} className="block text-xs text-muted-foreground">
                      {formatRelativeTime(alert.created_at, language)}
                    </time>
                  </span>
                  {isUnread ? (
                    <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary">
                      <span className="sr-only">{t('alerts.unreadMark')}</span>
                    </span>
                  ) : null}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
