import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CheckCircle2Icon,
  DownloadIcon,
  FileDownIcon,
  FileSignatureIcon,
  LoaderCircleIcon,
  UndoIcon,
  UploadIcon,
  UserPlusIcon,
} from 'lucide-react';
import { useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { toast } from 'sonner';
import { PDF_MIME_TYPE } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { FileTooLargeError } from '@/lib/file-transfer';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { downloadFile, uploadSignedAgreement } from '../api/agreement-files';
import { useChangeSponsorshipStatus } from '../api/change-sponsorship';
import { sponsorshipQueryOptions } from '../api/get-sponsorship';
import { mySponsorshipsQueryOptions } from '../api/list-my-sponsorships';
import { isOpen, type SponsorViewer } from '../api/sponsorship';
import { ConfirmDecisionDialog } from './confirm-decision-dialog';
import { StatusBadge } from './status-badge';

/**
 * The generated agreement (the agreements feature's part, given by the route): it shows `fallback`,
 * the download-sign-upload steps below, when the event uses the organiser's own PDF.
 */
export type SponsorAgreementSlot = ComponentType<{ sponsorshipId: number; viewer: SponsorViewer; fallback: ReactNode }>;

/** The signed copy can be (re)placed until the organiser has decided. */
const canUpload = isOpen;

/** The sponsor steps back from an open sponsorship, after one more question. */
function WithdrawAction({ sponsorshipId, viewer }: { sponsorshipId: number; viewer: SponsorViewer }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const withdraw = useChangeSponsorshipStatus(viewer);
  return (
    <ConfirmDecisionDialog
      open={open}
      onOpenChange={setOpen}
      pending={withdraw.isPending}
      title={t('sponsorships.confirmWithdraw.title')}
      text={t('sponsorships.confirmWithdraw.text')}
      confirm={t('sponsorships.confirmWithdraw.confirm')}
      onConfirm={() =>
        withdraw.mutate(
          { id: sponsorshipId, status: 'withdrawn' },
          {
            onSuccess: () => {
              setOpen(false);
              toast.success(t('sponsorships.done.withdrawn'));
            },
            onError: (error) => toast.error(t('sponsorships.errors.change', { message: getErrorMessage(error, t) })),
          },
        )
      }
      trigger={
        <Button variant="ghost" size="sm" className="text-destructive" disabled={withdraw.isPending}>
          <UndoIcon aria-hidden="true" />
          {t('sponsorships.actions.withdraw')}
        </Button>
      }
    />
  );
}

function Step({
  number,
  icon: Icon,
  title,
  text,
  done,
  children,
}: {
  number: number;
  icon: typeof FileDownIcon;
  title: string;
  text: string;
  done?: boolean;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4 rounded-xl border border-border bg-card p-4 shadow-sm">
      <span
        aria-hidden="true"
        className={`flex size-10 shrink-0 items-center justify-center rounded-full ${done ? 'bg-primary text-primary-foreground' : 'bg-secondary text-primary'}`}
      >
        {done ? <CheckCircle2Icon className="size-5" /> : <Icon className="size-5" />}
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="font-medium">
          {number}. {title}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">{text}</p>
        <div className="mt-3">{children}</div>
      </div>
    </li>
  );
}

/**
 * The sponsor's next steps of spec "Invite sponsor", working with the invitation link alone or
 * signed in: the status, download the event's agreement, upload the signed PDF, register (when
 * `registerHref` is given), and withdrawing while the sponsorship is open.
 */
export function SponsorNextSteps({
  sponsorshipId,
  viewer,
  registerHref,
  Agreement,
}: {
  sponsorshipId: number;
  viewer: SponsorViewer;
  registerHref?: string;
  Agreement?: SponsorAgreementSlot;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const queryClient = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const query = sponsorshipQueryOptions(sponsorshipId, viewer);
  const sponsorship = useQuery(query);

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
    mutationFn: (file: File) => uploadSignedAgreement(sponsorshipId, file, viewer, setProgress),
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

  if (sponsorship.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t('sponsorships.loading')}
      </p>
    );
  }
  if (sponsorship.isError) {
    return (
      <p className="text-sm text-destructive" role="alert">
        {t('sponsorships.errors.load', { message: getErrorMessage(sponsorship.error, t) })}
      </p>
    );
  }
  const data = sponsorship.data;
  const signed = data.signedAgreement;
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

  const uploadSteps = (
    <ol className="grid gap-3">
      <Step
        number={1}
        icon={FileDownIcon}
        title={t('invitations.sponsor.steps.download.title')}
        text={t('invitations.sponsor.steps.download.text')}
        done={data.agreementDownloadedAt !== null}
      >
        {data.agreementFiles.length === 0 ? (
          <p className="text-sm">{t('sponsorships.download.none')}</p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {data.agreementFiles.map((file) => (
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
      </Step>

      <Step
        number={2}
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
        {canUpload(data.status) ? (
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
          <p className="text-sm">{t(`sponsorships.status.${data.status}`)}</p>
        )}
      </Step>
    </ol>
  );

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border bg-card px-4 py-3">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">{t('sponsorships.statusLabel')}</span>
          <StatusBadge sponsorship={data} />
        </p>
        {isOpen(data.status) ? <WithdrawAction sponsorshipId={data.id} viewer={viewer} /> : null}
      </div>
      {Agreement ? <Agreement sponsorshipId={data.id} viewer={viewer} fallback={uploadSteps} /> : uploadSteps}
      {registerHref ? (
        <ol className="grid gap-3" start={3}>
          <Step
            number={3}
            icon={UserPlusIcon}
            title={t('invitations.sponsor.steps.register.title')}
            text={t('invitations.sponsor.steps.register.text')}
          >
            <a href={registerHref} className="text-sm font-medium text-primary hover:underline">
              {t('invitations.sponsor.steps.register.action')}
            </a>
          </Step>
        </ol>
      ) : null}
    </div>
  );
}
