import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon, PenLineIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { AGREEMENT_LIMITS, type AgreementStateResponse } from '@sp/shared';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useTranslation, type TranslationKey } from '@/lib/i18n';
import { useSignAgreement } from '../api/agreement-state';
import type { AgreementViewer } from '../api/viewer';
import { shortSha256 } from '../utils/sha256';
import { signatureDataUrl, type Stroke } from '../utils/signature-strokes';
import { SignatureExplanation } from './signature-explanation';
import { SignaturePad } from './signature-pad';

const schema = z.object({
  full_name: z.string().trim().min(1, { error: 'agreements.sign.nameRequired' }).max(AGREEMENT_LIMITS.fullName),
  position: z.string().trim().min(1, { error: 'agreements.sign.positionRequired' }).max(AGREEMENT_LIMITS.position),
  consent: z.boolean().refine((value) => value, { error: 'agreements.sign.consentRequired' }),
});

/**
 * Signing (the sponsor) or countersigning (the organiser) the current draft: name, position, the
 * consent and an optional drawn signature. The draft's hash goes with it, so a draft that changed
 * meanwhile is refused (409) and the signer is asked to read it again.
 */
export function SigningDialog({
  open,
  onOpenChange,
  sponsorshipId,
  viewer,
  agreement,
  onDraftChanged,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sponsorshipId: number;
  viewer: AgreementViewer;
  agreement: AgreementStateResponse;
  onDraftChanged: () => void;
}) {
  const { t } = useTranslation();
  const sign = useSignAgreement(sponsorshipId, viewer);
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const countersign = agreement.your_side === 'organisation';
  // The hash of the draft shown when the dialog opened (it mounts on opening): a live refetch while it
  // is open must not swap in a newer draft the signer has not seen; the server refuses the old hash
  // with 409 and the card asks them to review the new one.
  const [hash] = useState(agreement.document_sha256 ?? '');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { full_name: '', position: '', consent: false },
  });
  const message = (key?: string) => (key ? t(key as TranslationKey) : undefined);

  const submit = handleSubmit(async (values) => {
    const drawn = signatureDataUrl(strokes);
    try {
      await sign.mutateAsync({
        document_sha256: hash,
        full_name: values.full_name,
        position: values.position,
        consent: true,
        ...(drawn ? { drawn_signature: drawn } : {}),
      });
      toast.success(t(countersign ? 'agreements.sign.doneCountersign' : 'agreements.sign.done'));
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error) && error.code === 'agreement.draft-changed') {
        onOpenChange(false);
        onDraftChanged();
        return;
      }
      toast.error(t('agreements.sign.failed', { message: getErrorMessage(error, t) }));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('agreements.sign.cancel')} className="p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>{t(countersign ? 'agreements.sign.countersignTitle' : 'agreements.sign.title')}</DialogTitle>
          <DialogDescription>{t('agreements.sign.lead', { hash: shortSha256(hash) })}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-busy={isSubmitting || undefined}
          aria-label={t(countersign ? 'agreements.sign.countersignTitle' : 'agreements.sign.title')}
        >
          <fieldset disabled={isSubmitting} className="flex min-w-0 flex-col gap-4">
            <Field label={t('agreements.sign.fullName')} error={message(errors.full_name?.message)}>
              {(c) => <Input {...c} {...register('full_name')} autoComplete="name" />}
            </Field>
            <Field label={t('agreements.sign.position')} error={message(errors.position?.message)}>
              {(c) => <Input {...c} {...register('position')} autoComplete="organization-title" />}
            </Field>
            <SignaturePad strokes={strokes} onChange={setStrokes} disabled={isSubmitting} />
            <div className="flex flex-col gap-1">
              <label className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  {...register('consent')}
                  aria-invalid={errors.consent ? true : undefined}
                  aria-describedby={errors.consent ? `consent-error-${sponsorshipId}` : undefined}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                />
                <span>{t('agreements.sign.consent')}</span>
              </label>
              {errors.consent ? (
                <p id={`consent-error-${sponsorshipId}`} className="text-sm font-medium text-destructive">
                  {message(errors.consent.message)}
                </p>
              ) : null}
            </div>
            <SignatureExplanation />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {t('agreements.sign.cancel')}
              </Button>
              <Button type="submit">
                {isSubmitting ? (
                  <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
                ) : (
                  <PenLineIcon aria-hidden="true" />
                )}
                {t(countersign ? 'agreements.sign.submitCountersign' : 'agreements.sign.submit')}
              </Button>
            </DialogFooter>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
