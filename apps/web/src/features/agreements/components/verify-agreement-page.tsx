import { useMutation } from '@tanstack/react-query';
import {
  CheckCircle2Icon,
  FileSearchIcon,
  LoaderCircleIcon,
  SearchIcon,
  TriangleAlertIcon,
  UploadIcon,
  XCircleIcon,
} from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import type { AgreementVerification } from '@sp/shared';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { verifyAgreementHash } from '../api/verify-agreement';
import { normaliseSha256, sha256Hex, shortSha256 } from '../utils/sha256';

type Checked = { sha256: string; fileName: string | null; result: AgreementVerification };

function Result({ checked }: { checked: Checked }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { result } = checked;
  const subject = checked.fileName ?? shortSha256(checked.sha256);
  if (!result.found) {
    return (
      <div
        role="status"
        data-testid="verify-result"
        data-found="false"
        data-status={result.status}
        className="mt-6 flex gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4"
      >
        <XCircleIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-medium">{t('agreements.verify.notFound', { subject })}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t('agreements.verify.notFoundText')}</p>
        </div>
      </div>
    );
  }
  // The record decides: a damaged stored copy still confirms the holder's genuine one (decision 062).
  const damaged = result.status === 'stored_copy_damaged';
  // A sponsor report under the same seal (decision 108) is named as what it is.
  const report = result.document === 'sponsor_report';
  return (
    <div
      role="status"
      data-testid="verify-result"
      data-found="true"
      data-status={result.status}
      data-document={result.document ?? 'agreement'}
      className={`mt-6 flex gap-3 rounded-xl border p-4 ${damaged ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-emerald-300 bg-emerald-50 text-emerald-950'}`}
    >
      {damaged ? (
        <TriangleAlertIcon className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
      ) : (
        <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
      )}
      <div className="min-w-0">
        <p className="font-medium">
          {t(damaged ? 'agreements.verify.damaged' : report ? 'sponsorReport.verifyFound' : 'agreements.verify.found', {
            subject,
          })}
        </p>
        {damaged ? <p className="mt-1 text-sm">{t('agreements.verify.damagedText')}</p> : null}
        {result.signed_at ? (
          <p className="mt-1 text-sm">
            {t(report ? 'sponsorReport.verifySealedAt' : 'agreements.verify.completedAt', {
              date: formatDateTime(result.signed_at, language),
            })}
          </p>
        ) : null}
        <ul className="mt-2 grid gap-1 text-sm">
          {(result.signers ?? []).map((signer) => (
            <li key={`${signer.side}-${signer.signed_at}`} className="break-words">
              {t(`agreements.verify.signer.${signer.side}`, {
                name: signer.name,
                date: formatDateTime(signer.signed_at, language),
              })}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs break-all">
          SHA-256: <code className="font-mono">{checked.sha256}</code>
        </p>
      </div>
    </div>
  );
}

/**
 * /verify-agreement/: anyone checks whether a PDF is a sealed agreement on record. The file never
 * leaves the browser; its SHA-256 is computed here and only the hash is asked about.
 */
export function VerifyAgreementPage() {
  const { t } = useTranslation();
  const fileInputId = useId();
  const hashInputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [pasted, setPasted] = useState('');
  const [hashError, setHashError] = useState(false);
  const check = useMutation({
    mutationFn: async (source: { file: File } | { sha256: string }): Promise<Checked> => {
      const sha256 = 'file' in source ? await sha256Hex(source.file) : source.sha256;
      return {
        sha256,
        fileName: 'file' in source ? source.file.name : null,
        result: await verifyAgreementHash(sha256),
      };
    },
  });

  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (input.current) input.current.value = '';
    if (file) check.mutate({ file });
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    pick(event.dataTransfer.files);
  };
  const submitHash = () => {
    const sha256 = normaliseSha256(pasted);
    setHashError(sha256 === null);
    if (sha256) check.mutate({ sha256 });
  };

  return (
    <Page title={t('agreements.verify.title')} lead={t('agreements.verify.lead')} width="narrow">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        data-testid="verify-drop-zone"
        className={`mt-8 flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-6 text-center ${dragging ? 'border-primary bg-secondary' : 'border-border'}`}
      >
        <FileSearchIcon className="size-8 text-primary" aria-hidden="true" />
        <p className="text-sm">{t('agreements.verify.drop')}</p>
        <input
          ref={input}
          id={fileInputId}
          type="file"
          accept="application/pdf,.pdf"
          className="sr-only"
          aria-label={t('agreements.verify.choose')}
          onChange={(event) => pick(event.currentTarget.files)}
        />
        <Button type="button" variant="outline" disabled={check.isPending} onClick={() => input.current?.click()}>
          <UploadIcon aria-hidden="true" />
          {t('agreements.verify.choose')}
        </Button>
        <p className="text-xs text-muted-foreground">{t('agreements.verify.privacy')}</p>
      </div>

      <form
        noValidate
        className="mt-6 flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submitHash();
        }}
      >
        <Label htmlFor={hashInputId}>{t('agreements.verify.hashLabel')}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={hashInputId}
            value={pasted}
            onChange={(event) => setPasted(event.target.value)}
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={hashError || undefined}
            aria-describedby={hashError ? `${hashInputId}-error` : undefined}
          />
          <Button type="submit" disabled={check.isPending}>
            <SearchIcon aria-hidden="true" />
            {t('agreements.verify.check')}
          </Button>
        </div>
        {hashError ? (
          <p id={`${hashInputId}-error`} className="text-sm font-medium text-destructive">
            {t('agreements.verify.hashInvalid')}
          </p>
        ) : null}
      </form>

      {check.isPending ? (
        <p className="mt-6 flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
          {t('agreements.verify.checking')}
        </p>
      ) : check.isError ? (
        <p className="mt-6 text-sm text-destructive" role="alert">
          {t('agreements.verify.failed', { message: getErrorMessage(check.error, t) })}
        </p>
      ) : check.data ? (
        <Result checked={check.data} />
      ) : null}
    </Page>
  );
}
