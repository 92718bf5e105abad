import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CheckCircle2Icon,
  DownloadIcon,
  FileDownIcon,
  FileSignatureIcon,
  LoaderCircleIcon,
  UploadIcon,
} from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { PDF_MIME_TYPE } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { FileTooLargeError } from '@/lib/file-transfer';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { downloadFile, uploadSignedAgreement } from '../../api/agreement-files';
import { sponsorshipQueryOptions } from '../../api/get-sponsorship';
import { mySponsorshipsQueryOptions } from '../../api/list-my-sponsorships';
import { isOpen, type SponsorViewer, type Sponsorship } from '../../api/sponsorship';

function Part({
  icon: Icon,
  title,
  text,
  done,
  children,
}: {
  icon: typeof FileDownIcon;
  title: string;
  text: string;
  done: boolean;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className={`flex size-8 shrink-0 items-center justify-center rounded-full ${done ? 'bg-primary text-primary-foreground' : 'bg-secondary text-primary'}`}
      >
        {done ? <CheckCircle2Icon className="size-4" /> : <Icon className="size-4" />}
      </span>
      <div className="min-w-0 flex-1">
        <h4 className="font-medium">{title}</h4>
        <p className="mt-0.5 text-sm text-muted-foreground">{text}</p>
        <div className="mt-2">{children}</div>
      </div>
    </li>
  );
}

/**
 * Signing with the organiser's own PDF (spec "Invite sponsor"): download the event's agreement, then
 * upload the signed copy, which can be replaced until the organiser has decided.
 */
export function UploadSteps({ sponsorship, viewer }: { sponsorship: Sponsorship; viewer: SponsorViewer }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const queryClient = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const query = sponsorshipQueryOptions(sponsorship.id, viewer);

  const download = useMutation({
    mutationFn: (file: { key: string; name: string }) => downloadFile(file.key, file.name, viewer),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: query.queryKey }),
        queryClient.invalidateQueries({ queryKey: mySponsorshipsQueryOptions().queryKey }),
      ]),
    onError: (error) => toast.error(t('sponsorships.errors.download', { message: getErrorMessage(error, t) })),
  });
  const upload = useMutation({
    mutationFn: (file: File) => uploadSignedAgreement(sponsorship.id, file, viewer, setProgress),
    onSuccess: (updated) => {
      queryClient.setQueryData(query.queryKey, updated);
      // The sponsor's dashboard lists the same sponsorship with its status.
      void queryClient.invalidateQueries({ queryKey: mySponsorshipsQueryOptions().queryKey });
      toast.success(t('sponsorships.upload.done'));
    },
    onError: (error) => {
      const message =
        error instanceof FileTooLargeError
          ? t('sponsorships.upload.tooLarge')
          : isApiError(error) && (error.status === 415 || error.fields?.files === 'not_pdf')
            ? t('sponsorships.upload.notPdf')
            : getErrorMessage(error, t);
      toast.error(t('sponsorships.errors.upload', { message }));
    },
    onSettled: () => setProgress(null),
  });

  const signed = sponsorship.signedAgreement;
  const pickFile = (files: FileList | null) => {
    const file = files?.[0];
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.type !== PDF_MIME_TYPE && !file.name.toLowerCase().endsWith('.pdf')) {
      toast.error(t('sponsorships.errors.upload', { message: t('sponsorships.upload.notPdf') }));
      return;
    }
    upload.mutate(file);
  };

  return (
    <ol className="grid gap-4">
      <Part
        icon={FileDownIcon}
        title={t('invitations.sponsor.steps.download.title')}
        text={t('invitations.sponsor.steps.download.text')}
        done={sponsorship.agreementDownloadedAt !== null}
      >
        {sponsorship.agreementFiles.length === 0 ? (
          <p className="text-sm">{t('sponsorships.download.none')}</p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {sponsorship.agreementFiles.map((file) => (
              <Button
                key={file.key}
                variant="outline"
                className="h-auto min-h-10 max-w-full justify-start py-2 text-left whitespace-normal"
                disabled={download.isPending}
                aria-label={t('sponsorships.download.action', { name: file.name })}
                onClick={() => download.mutate(file)}
              >
                {download.isPending && download.variables?.key === file.key ? (
                  <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
                ) : (
                  <DownloadIcon aria-hidden="true" />
                )}
                <span className="min-w-0 break-all">{file.name}</span>
              </Button>
            ))}
          </div>
        )}
      </Part>

      <Part
        icon={FileSignatureIcon}
        title={t('invitations.sponsor.steps.upload.title')}
        text={t('invitations.sponsor.steps.upload.text')}
        done={signed !== null}
      >
        {signed ? (
          <p className="mb-2 text-sm" data-testid="signed-agreement">
            {t('sponsorships.upload.current', {
              name: signed.name,
              date: formatDateTime(signed.uploadedAt, language),
            })}
          </p>
        ) : null}
        {isOpen(sponsorship.status) ? (
          <>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={`${PDF_MIME_TYPE},.pdf`}
              className="sr-only"
              aria-label={t('sponsorships.upload.choose')}
              onChange={(event) => pickFile(event.currentTarget.files)}
            />
            {/* Wraps on a phone: the German label is wider than a 375 px screen's column. */}
            <Button
              variant={signed ? 'outline' : 'default'}
              disabled={upload.isPending}
              onClick={() => input.current?.click()}
              className="h-auto min-h-9 max-w-full whitespace-normal py-2 text-left"
            >
              {upload.isPending ? (
                <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
              ) : (
                <UploadIcon aria-hidden="true" />
              )}
              {upload.isPending
                ? t('sponsorships.upload.progress', { percent: Math.round((progress ?? 0) * 100) })
                : signed
                  ? t('sponsorships.upload.replace')
                  : t('sponsorships.upload.choose')}
            </Button>
            <p className="mt-2 text-xs text-muted-foreground">{t('sponsorships.upload.hint')}</p>
          </>
        ) : (
          <p className="text-sm">{t(`sponsorships.status.${sponsorship.status}`)}</p>
        )}
      </Part>
    </ol>
  );
}
