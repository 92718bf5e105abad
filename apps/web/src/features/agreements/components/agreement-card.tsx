import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AlertTriangleIcon, FileSignatureIcon, LoaderCircleIcon, PenLineIcon, ShieldCheckIcon } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { agreementStateQueryOptions } from '../api/agreement-state';
import type { AgreementViewer } from '../api/viewer';
import { AgreementFiles, WRAP } from './agreement-files';
import { SignatureExplanation } from './signature-explanation';

// The dialog with the signature pad loads when someone signs, not with the page.
const SigningDialog = lazy(() => import('./signing-dialog').then((m) => ({ default: m.SigningDialog })));

/** The sponsor's legal details form (the sponsor-profile feature's, given by the route). */
export type LegalDetailsSlot = ComponentType<{ viewer: AgreementViewer; onSaved: () => void }>;

function Notice({ tone, children }: { tone: 'warning' | 'info'; children: ReactNode }) {
  return (
    <div
      role={tone === 'warning' ? 'alert' : 'status'}
      className={`flex gap-2 rounded-md border p-3 text-sm ${tone === 'warning' ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-border bg-muted/40'}`}
    >
      <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/**
 * A sponsorship's generated agreement for either party: state, the draft (with its hash), the
 * signatures, signing or countersigning, the voided notice and the sealed PDF. With the organiser's
 * own PDF (upload mode) it shows `fallback`, today's download-sign-upload steps.
 */
export function AgreementCard({
  sponsorshipId,
  viewer,
  LegalDetails,
  fallback = null,
}: {
  sponsorshipId: number;
  viewer: AgreementViewer;
  LegalDetails?: LegalDetailsSlot;
  fallback?: ReactNode;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const queryClient = useQueryClient();
  const options = agreementStateQueryOptions(sponsorshipId, viewer);
  const agreement = useQuery(options);
  const [signing, setSigning] = useState(false);
  const [draftChanged, setDraftChanged] = useState(false);

  if (agreement.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t('agreements.loading')}
      </p>
    );
  }
  if (agreement.isError) {
    return (
      <>
        <p className="text-sm text-destructive" role="alert">
          {t('agreements.loadFailed', { message: getErrorMessage(agreement.error, t) })}
        </p>
        {fallback}
      </>
    );
  }
  const state = agreement.data;
  if (state.mode === 'upload') return <>{fallback}</>;
  const sponsor = state.your_side === 'sponsor';
  const missing = state.missing.filter((item) => !(item === 'sponsor_legal_details' && sponsor && LegalDetails));
  const reload = () => void queryClient.invalidateQueries({ queryKey: options.queryKey });

  return (
    <section
      className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-sm"
      aria-labelledby={`agreement-${sponsorshipId}`}
      data-testid="agreement-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`agreement-${sponsorshipId}`} className="flex items-center gap-2 font-medium">
          <FileSignatureIcon className="size-5 text-primary" aria-hidden="true" />
          {t('agreements.card.title')}
        </h3>
        <span className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium" data-testid="agreement-state">
          {t(`agreements.state.${state.state}`)}
        </span>
      </div>

      {draftChanged ? <Notice tone="warning">{t('agreements.card.draftChanged')}</Notice> : null}
      {state.voided_notice ? (
        <Notice tone="warning">
          {t('agreements.card.voided', {
            name: state.voided_notice.full_name,
            date: formatDateTime(state.voided_notice.voided_at, language),
          })}
        </Notice>
      ) : null}

      {state.missing.includes('sponsor_legal_details') && sponsor && LegalDetails ? (
        <div className="grid gap-2">
          <p className="text-sm">{t('agreements.card.legalDetailsFirst')}</p>
          <LegalDetails viewer={viewer} onSaved={reload} />
        </div>
      ) : null}
      {missing.length > 0 ? (
        <Notice tone="info">
          <p>{t('agreements.card.missingLead')}</p>
          <ul className="mt-1 list-disc pl-5">
            {missing.map((item) => (
              <li key={item}>{t(`agreements.missing.${item}`)}</li>
            ))}
          </ul>
        </Notice>
      ) : null}

      <AgreementFiles sponsorshipId={sponsorshipId} viewer={viewer} state={state} />

      {state.signatures.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label={t('agreements.card.signatures')}>
          {state.signatures.map((signature) => (
            <li key={signature.side} className="flex items-start gap-2" data-testid="agreement-signature">
              <ShieldCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span className="min-w-0 break-words">
                {t(`agreements.card.signedBy.${signature.side}`, {
                  name: signature.full_name,
                  position: signature.position,
                  date: formatDateTime(signature.signed_at, language),
                })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}

      {state.may_sign && state.document_sha256 ? (
        <div>
          <Button
            className={WRAP}
            onClick={() => {
              setDraftChanged(false);
              setSigning(true);
            }}
          >
            <PenLineIcon aria-hidden="true" />
            {t(sponsor ? 'agreements.card.sign' : 'agreements.card.countersign')}
          </Button>
        </div>
      ) : state.sign_block && state.sign_block !== 'completed' && state.sign_block !== 'details_missing' ? (
        <p className="text-sm text-muted-foreground">{t(`agreements.block.${state.sign_block}`)}</p>
      ) : null}

      {state.state === 'completed' ? (
        <p className="text-sm">
          <Link to="/verify-agreement/" className="font-medium text-primary hover:underline">
            {t('agreements.card.verifyLink')}
          </Link>
        </p>
      ) : (
        <SignatureExplanation />
      )}

      {signing ? (
        <Suspense fallback={null}>
          <SigningDialog
            open={signing}
            onOpenChange={setSigning}
            sponsorshipId={sponsorshipId}
            viewer={viewer}
            agreement={state}
            onDraftChanged={() => setDraftChanged(true)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/** Today's upload steps (`fallback`) unless the event uses the generated agreement, shown by AgreementCard. */
export function UploadStepsUnlessGenerated({
  sponsorshipId,
  viewer,
  fallback,
}: {
  sponsorshipId: number;
  viewer: AgreementViewer;
  fallback: ReactNode;
}) {
  const agreement = useQuery(agreementStateQueryOptions(sponsorshipId, viewer));
  return agreement.data?.mode === 'generated' ? null : <>{fallback}</>;
}
