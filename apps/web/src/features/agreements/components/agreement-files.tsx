import { useMutation } from '@tanstack/react-query';
import { DownloadIcon, FileTextIcon, LoaderCircleIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { AgreementStateResponse } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { downloadAgreementPdf } from '../api/agreement-state';
import type { AgreementViewer } from '../api/viewer';
import { shortSha256 } from '../utils/sha256';

/** Long labels (German) wrap on a phone instead of widening the page. */
export const WRAP = 'h-auto min-h-10 max-w-full py-2 text-left whitespace-normal';

/** The draft to read before signing (with its hash's short form) and, once both signed, the sealed PDF. */
export function AgreementFiles({
  sponsorshipId,
  viewer,
  state,
}: {
  sponsorshipId: number;
  viewer: AgreementViewer;
  state: AgreementStateResponse;
}) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: (kind: 'draft' | 'signed') =>
      downloadAgreementPdf(
        sponsorshipId,
        kind,
        viewer,
        t(kind === 'draft' ? 'agreements.files.draftFile' : 'agreements.files.signedFile', { id: sponsorshipId }),
      ),
    onError: (error) => toast.error(t('agreements.files.failed', { message: getErrorMessage(error, t) })),
  });
  const hash = state.signed_document?.sha256 ?? state.document_sha256;
  const busy = (kind: 'draft' | 'signed') =>
    download.isPending && download.variables === kind ? (
      <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
    ) : null;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {state.signed_document ? (
          <Button className={WRAP} disabled={download.isPending} onClick={() => download.mutate('signed')}>
            {busy('signed') ?? <DownloadIcon aria-hidden="true" />}
            {t('agreements.files.signed')}
          </Button>
        ) : null}
        {state.document_sha256 && !state.signed_document ? (
          <Button
            variant="outline"
            className={WRAP}
            disabled={download.isPending}
            onClick={() => download.mutate('draft')}
          >
            {busy('draft') ?? <FileTextIcon aria-hidden="true" />}
            {t('agreements.files.draft')}
          </Button>
        ) : null}
      </div>
      {hash ? (
        <p className="text-xs text-muted-foreground">
          {t(state.signed_document ? 'agreements.files.signedHash' : 'agreements.files.draftHash')}{' '}
          <code className="font-mono whitespace-nowrap" title={hash} data-testid="agreement-hash">
            {shortSha256(hash)}
          </code>
        </p>
      ) : null}
    </div>
  );
}
