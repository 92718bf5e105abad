// The event's bulk invoice work (decision 093): "issue every draft" and "send every issued invoice
// again" start one job on the server (not one request per invoice); while it runs, a progress bar and
// each invoice's result, read every second until the job is done.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircleIcon, SendIcon, StampIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import {
  ERROR_CODES,
  ZInvoiceJobResponse,
  ZInvoiceJobsResponse,
  type ErrorCode,
  type InvoiceJob,
  type InvoiceJobKind,
} from '@sp/shared';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { getErrorMessage, problemKey } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';

const jobsKey = (eventId: number) => [...queryKeys.invoices.all, 'jobs', eventId] as const;

export function InvoiceJobs({ eventId, drafts, issued }: { eventId: number; drafts: number; issued: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const jobs = useQuery({
    queryKey: jobsKey(eventId),
    queryFn: ({ signal }) => api.get(`/event/${eventId}/invoice-jobs`, { schema: ZInvoiceJobsResponse, signal }),
    refetchInterval: (query) => (query.state.data?.jobs.some((j) => j.state !== 'done') ? 1000 : false),
  });
  const start = useMutation({
    mutationFn: (kind: InvoiceJobKind) =>
      api.post(`/event/${eventId}/invoice-jobs`, { kind }, { schema: ZInvoiceJobResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsKey(eventId) }),
    onError: (error) => toast.error(t('jobs.failed', { message: getErrorMessage(error, t) })),
  });
  const list = jobs.data?.jobs ?? [];
  const active = list.find((j) => j.state !== 'done');
  // When a job ends, the invoices' lists and sums are read again.
  const wasActive = useRef(false);
  useEffect(() => {
    if (wasActive.current && !active) void queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all });
    wasActive.current = Boolean(active);
  }, [active, queryClient]);
  const latest = active ?? [...list].sort((a, b) => b.id - a.id)[0];
  const busy = Boolean(active) || start.isPending;
  return (
    <section className="flex flex-col gap-3" aria-label={t('jobs.title')} data-testid="invoice-jobs">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={busy || drafts === 0}
          onClick={() => start.mutate('issue-drafts')}
        >
          <StampIcon className="size-4" aria-hidden="true" />
          {t('jobs.issueAll', { count: drafts })}
        </Button>
        <Button variant="outline" size="sm" disabled={busy || issued === 0} onClick={() => start.mutate('send')}>
          <SendIcon className="size-4" aria-hidden="true" />
          {t('jobs.sendAll', { count: issued })}
        </Button>
      </div>
      {latest ? <JobProgress job={latest} /> : null}
    </section>
  );
}

function JobProgress({ job }: { job: InvoiceJob }) {
  const { t } = useTranslation();
  const reason = (code: string) =>
    (ERROR_CODES as readonly string[]).includes(code) ? t(problemKey(code as ErrorCode)) : code;
  const percent = job.total === 0 ? 100 : Math.round((job.done / job.total) * 100);
  const failed = job.items.filter((i) => i.state === 'failed').length;
  return (
    <div className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm">
      <p className="flex items-center gap-2 font-medium" role="status">
        {job.state !== 'done' ? <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" /> : null}
        {t(job.state === 'done' ? `jobs.done.${job.kind}` : `jobs.running.${job.kind}`, {
          done: job.done,
          total: job.total,
        })}
        {failed > 0 ? <span className="text-destructive">{t('jobs.failedCount', { count: failed })}</span> : null}
      </p>
      <div
        role="progressbar"
        aria-label={t(`jobs.progress.${job.kind}`)}
        aria-valuemin={0}
        aria-valuemax={job.total}
        aria-valuenow={job.done}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto" aria-label={t('jobs.items')}>
        {job.items.map((item) => (
          <li key={item.invoice_id} className="flex flex-wrap justify-between gap-2" data-state={item.state}>
            <span className="break-all">{item.sponsor_email}</span>
            <span className={item.state === 'failed' ? 'text-destructive' : 'text-muted-foreground'}>
              {item.number ? `${item.number} · ` : ''}
              {item.state === 'failed' && item.code ? reason(item.code) : t(`jobs.state.${item.state}`)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
