import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowDownToLineIcon, LoaderCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/hooks/use-format';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import {
  archivedAgreementsQueryOptions,
  downloadArchivedAgreement,
  type ArchivedAgreement,
} from '../api/archived-agreements';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{term}</dt>
      <dd className="break-words tabular-nums">{children}</dd>
    </div>
  );
}

function AgreementItem({
  agreement,
  downloading,
  onDownload,
}: {
  agreement: ArchivedAgreement;
  downloading: boolean;
  onDownload: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  // retain_until is 1 January, 00:00 UTC: shown as that calendar day in every time zone.
  const keptUntil = agreement.retainUntil.slice(0, 10);
  return (
    <li className="flex flex-col gap-4 rounded-lg border border-border p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{agreement.eventTitle}</h3>
          <p className="text-sm break-words text-muted-foreground">{agreement.organisationName}</p>
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:flex sm:flex-wrap sm:gap-x-8">
          <Detail term={t('profile.archive.eventDate')}>
            <time dateTime={agreement.eventDate}>{format.date(agreement.eventDate)}</time>
          </Detail>
          <Detail term={t('profile.archive.amount')}>
            {agreement.amountCents !== null ? (
              format.currency(agreement.amountCents / 100)
            ) : (
              <span className="text-muted-foreground">{t('profile.archive.noAmount')}</span>
            )}
          </Detail>
          <Detail term={t('profile.archive.signedAt')}>
            <time dateTime={agreement.signedUploadedAt}>{format.date(agreement.signedUploadedAt)}</time>
          </Detail>
          <Detail term={t('profile.archive.keptUntil')}>
            <time dateTime={keptUntil}>{format.date(keptUntil)}</time>
          </Detail>
        </dl>
      </div>
      <Button
        variant="outline"
        className="shrink-0 self-start"
        disabled={downloading}
        aria-label={t('profile.archive.downloadLabel', { file: agreement.fileName, event: agreement.eventTitle })}
        onClick={onDownload}
      >
        {downloading ? (
          <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
        ) : (
          <ArrowDownToLineIcon aria-hidden="true" />
        )}
        {t('profile.archive.download')}
      </Button>
    </li>
  );
}

/**
 * 'Aufbewahrte Vereinbarungen': signed agreements kept after their organisation deleted its account
 * (decision 010). Nothing is shown while the list is loading or empty; the profile page waits for
 * the first answer, so the section never pushes the page about once it is shown.
 */
export function ArchivedAgreementsSection() {
  const { t } = useTranslation();
  const query = useQuery(archivedAgreementsQueryOptions());
  const download = useMutation({
    mutationFn: downloadArchivedAgreement,
    onError: (error) => toast.error(t('profile.archive.downloadFailed', { message: getErrorMessage(error, t) })),
  });

  if (query.isPending || (query.isSuccess && query.data.length === 0)) return null;

  return (
    <section
      aria-labelledby="archive-heading"
      className="mt-10 flex flex-col gap-4 rounded-xl border border-border p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="archive-heading" className="text-lg font-semibold tracking-tight">
          {t('profile.archive.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('profile.archive.description')}</p>
      </div>
      {query.isError ? (
        <div className="flex flex-col items-start gap-3" aria-busy={query.isFetching}>
          <p role="alert" className="text-sm font-medium text-destructive">
            {t('profile.archive.loadError', { message: getErrorMessage(query.error, t) })}
          </p>
          <Button variant="outline" size="sm" disabled={query.isFetching} onClick={() => void query.refetch()}>
            {query.isFetching ? <LoaderCircleIcon aria-hidden="true" className="animate-spin" /> : null}
            {t('common.retry')}
          </Button>
          {query.isFetching ? (
            <span role="status" className="sr-only">
              {t('profile.archive.loading')}
            </span>
          ) : null}
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {query.data.map((agreement) => (
            <AgreementItem
              key={agreement.id}
              agreement={agreement}
              downloading={download.isPending && download.variables?.id === agreement.id}
              onDownload={() => download.mutate(agreement)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
