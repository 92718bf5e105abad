import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DownloadIcon, ChartColumnIcon, LoaderCircleIcon, SendIcon, ShieldCheckIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import {
  sponsorReportQueryOptions,
  useDownloadSponsorReport,
  useSendSponsorReport,
  type ReportViewer,
} from '../api/sponsor-report';

const WRAP = 'h-auto min-h-10 max-w-full py-2 text-left whitespace-normal';

/** The organisers' "send it to the sponsor now". */
function SendButton({ sponsorshipId }: { sponsorshipId: number }) {
  const { t } = useTranslation();
  const send = useSendSponsorReport(sponsorshipId);
  return (
    <Button
      variant="outline"
      className={WRAP}
      disabled={send.isPending}
      onClick={() =>
        send.mutate(undefined, {
          onSuccess: (answer) => toast.success(t('sponsorReport.sent', { email: answer.sent_to })),
          onError: (error) => toast.error(t('sponsorReport.sendFailed', { message: getErrorMessage(error, t) })),
        })
      }
    >
      {send.isPending ? (
        <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
      ) : (
        <SendIcon aria-hidden="true" />
      )}
      {t('sponsorReport.send')}
    </Button>
  );
}

/**
 * A sponsorship's sealed report for either party: what it holds, the download, when it was last
 * sealed, the mail after the event, and (organisers) sending it now.
 */
export function SponsorReportCard({
  sponsorshipId,
  viewer,
  organiser = false,
}: {
  sponsorshipId: number;
  viewer: ReportViewer;
  organiser?: boolean;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const report = useQuery(sponsorReportQueryOptions(sponsorshipId, viewer));
  const download = useDownloadSponsorReport(sponsorshipId, viewer);
  const titleId = `sponsor-report-${sponsorshipId}-title`;

  let body;
  if (report.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t('sponsorReport.loading')}
      </p>
    );
  } else if (report.isError) {
    body = (
      <p className="text-sm text-destructive" role="alert">
        {t('sponsorReport.loadFailed', { message: getErrorMessage(report.error, t) })}
      </p>
    );
  } else if (!report.data.available) {
    body = (
      <p className="text-sm text-muted-foreground" data-testid="sponsor-report-unavailable">
        {t('sponsorReport.notYet')}
      </p>
    );
  } else {
    const state = report.data;
    body = (
      <>
        <div className="flex flex-wrap gap-2">
          <Button
            className={WRAP}
            disabled={download.isPending}
            data-testid="sponsor-report-download"
            onClick={() =>
              download.mutate(t('sponsorReport.fileName', { id: sponsorshipId }), {
                onError: (error) =>
                  toast.error(t('sponsorReport.downloadFailed', { message: getErrorMessage(error, t) })),
              })
            }
          >
            {download.isPending ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <DownloadIcon aria-hidden="true" />
            )}
            {t('sponsorReport.download')}
          </Button>
          {organiser ? <SendButton sponsorshipId={sponsorshipId} /> : null}
        </div>
        <ul className="grid gap-1 text-xs text-muted-foreground">
          <li>{t('sponsorReport.language', { language: t(`sponsorReport.languages.${state.language}`) })}</li>
          {state.last_sealed ? (
            <li data-testid="sponsor-report-sealed">
              {t('sponsorReport.lastSealed', { date: formatDateTime(state.last_sealed.sealed_at, language) })}
            </li>
          ) : null}
          <li>
            {state.sent_after_event_at
              ? t('sponsorReport.sentAfterEvent', { date: formatDateTime(state.sent_after_event_at, language) })
              : t('sponsorReport.willBeSent')}
          </li>
        </ul>
        <p className="flex items-start gap-2 text-xs text-muted-foreground">
          <ShieldCheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {t('sponsorReport.sealNote')}{' '}
            <Link to="/verify-agreement" className="underline underline-offset-2">
              {t('sponsorReport.verifyLink')}
            </Link>
          </span>
        </p>
      </>
    );
  }

  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-3 rounded-xl border border-border p-4 sm:p-6"
      data-testid="sponsor-report-card"
    >
      <div className="grid gap-1">
        <h3 id={titleId} className="flex items-center gap-2 text-base font-semibold">
          <ChartColumnIcon aria-hidden="true" className="size-4" />
          {t('sponsorReport.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('sponsorReport.lead')}</p>
      </div>
      {body}
    </section>
  );
}
