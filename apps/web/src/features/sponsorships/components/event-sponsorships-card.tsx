import { useMutation, useQuery } from '@tanstack/react-query';
import { DownloadIcon, LoaderCircleIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage } from '@/lib/api-error';
import { formatCurrency, formatDate, formatDateTime } from '@/lib/format';
import { downloadFile } from '../api/agreement-files';
import { eventSponsorshipsQueryOptions } from '../api/list-event-sponsorships';
import type { Sponsorship } from '../api/sponsorship';

const ME = { kind: 'user' } as const;

function SignedAgreementButton({ file }: { file: NonNullable<Sponsorship['signedAgreement']> }) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: () => downloadFile(file.key, file.name, ME),
    onError: (error) => toast.error(t('sponsorships.errors.download', { message: getErrorMessage(error, t) })),
  });
  return (
    <Button
      variant="outline"
      size="sm"
      className="h-auto max-w-full justify-start py-1.5 text-left whitespace-normal"
      disabled={download.isPending}
      aria-label={t('sponsorships.download.action', { name: file.name })}
      onClick={() => download.mutate()}
    >
      {download.isPending ? (
        <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
      ) : (
        <DownloadIcon aria-hidden="true" />
      )}
      <span className="min-w-0 break-all">{file.name}</span>
    </Button>
  );
}

/** The organiser's view of an event's sponsors: status, amount and the signed agreement each returned. */
export function EventSponsorshipsCard({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const sponsorships = useQuery(eventSponsorshipsQueryOptions(eventId));

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UsersIcon className="size-5 text-primary" aria-hidden="true" />
          {t('sponsorships.list.title')}
        </CardTitle>
        <CardDescription>{t('sponsorships.list.lead')}</CardDescription>
      </CardHeader>
      <CardContent>
        {sponsorships.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
            {t('sponsorships.loading')}
          </p>
        ) : sponsorships.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {t('sponsorships.errors.load', { message: getErrorMessage(sponsorships.error, t) })}
          </p>
        ) : sponsorships.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('sponsorships.list.empty')}</p>
        ) : (
          <ul className="divide-y divide-border" aria-label={t('sponsorships.list.title')}>
            {sponsorships.data.map((sponsorship) => (
              <li
                key={sponsorship.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-medium break-all">{sponsorship.sponsorEmail}</p>
                  <p className="mt-0.5 text-sm text-muted-foreground">
                    <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground">
                      {t(`sponsorships.status.${sponsorship.status}`)}
                    </span>
                    {sponsorship.amountCents !== null ? (
                      <span className="ml-2">{formatCurrency(sponsorship.amountCents / 100, language)}</span>
                    ) : null}
                    {sponsorship.agreementDownloadedAt ? (
                      <span className="ml-2">
                        {t('sponsorships.list.downloadedOn', {
                          date: formatDate(sponsorship.agreementDownloadedAt, language),
                        })}
                      </span>
                    ) : null}
                  </p>
                </div>
                {sponsorship.signedAgreement ? (
                  <div className="flex flex-col items-start gap-1 sm:items-end">
                    <SignedAgreementButton file={sponsorship.signedAgreement} />
                    <span className="text-xs text-muted-foreground">
                      {t('sponsorships.list.signedOn', {
                        date: formatDateTime(sponsorship.signedAgreement.uploadedAt, language),
                      })}
                    </span>
                  </div>
                ) : (
                  <span className="text-sm text-muted-foreground">{t('sponsorships.list.noSigned')}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
