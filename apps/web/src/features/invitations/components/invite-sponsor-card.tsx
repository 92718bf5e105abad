import { zodResolver } from '@hookform/resolvers/zod';
import { HandCoinsIcon } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { INVITE_EMAIL_PATTERN } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useTranslation, type TranslationKey } from '@/lib/i18n';
import { useCreateSponsorInvitation } from '../api/create-sponsor-invitation';

const AMOUNT_PATTERN = /^\d{1,9}([.,]\d{1,2})?$/;

const schema = z.object({
  email: z.string().trim().regex(INVITE_EMAIL_PATTERN, { error: 'common.error.invalidEmail' }),
  amount: z
    .string()
    .trim()
    .refine((value) => value === '' || AMOUNT_PATTERN.test(value), { error: 'invitations.sponsorCard.invalidAmount' }),
});
type Values = z.input<typeof schema>;

function toCents(amount: string): number | undefined {
  if (!amount) return undefined;
  return Math.round(Number(amount.replace(',', '.')) * 100);
}

/** Where the packages to offer are chosen (the packages feature's field, given by the route). */
export type OfferFieldSlot = ComponentType<{
  eventId: number;
  value: number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
}>;

/** Invites a sponsor to one event by e-mail, with an optional amount in euro and the packages offered. */
export function InviteSponsorCard({ eventId, OfferField }: { eventId: number; OfferField?: OfferFieldSlot }) {
  const { t } = useTranslation();
  const [packageIds, setPackageIds] = useState<number[]>([]);
  const invite = useCreateSponsorInvitation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { email: '', amount: '' } satisfies Values });

  const onSubmit = handleSubmit(async ({ email, amount }) => {
    try {
      await invite.mutateAsync({
        email,
        event_id: eventId,
        amount_cents: toCents(amount),
        ...(OfferField ? { package_ids: packageIds } : {}),
      });
    } catch {
      toast.error(t('invitations.sponsorCard.failed'));
      return;
    }
    toast.success(t('invitations.sponsorCard.sent'));
    reset();
    setPackageIds([]);
  });

  const message = (key?: string) => (key ? t(key as TranslationKey) : undefined);

  return (
    <Card className="w-full">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HandCoinsIcon className="size-5 text-primary" aria-hidden="true" />
          {t('invitations.sponsorCard.title')}
        </CardTitle>
        <CardDescription>{t('invitations.sponsorCard.lead')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting || undefined}>
          <fieldset
            disabled={isSubmitting}
            className="grid min-w-0 gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-start"
          >
            <Field label={t('invitations.sponsorCard.email')} error={message(errors.email?.message)}>
              {(control) => <Input {...control} {...register('email')} type="email" autoComplete="off" />}
            </Field>
            <Field label={t('invitations.sponsorCard.amount')} error={message(errors.amount?.message)}>
              {(control) => (
                <Input {...control} {...register('amount')} inputMode="decimal" placeholder="2500" autoComplete="off" />
              )}
            </Field>
            {OfferField ? (
              <div className="sm:col-span-3">
                <OfferField eventId={eventId} value={packageIds} onChange={setPackageIds} disabled={isSubmitting} />
              </div>
            ) : null}
            <Button type="submit" className="sm:mt-7">
              {t('invitations.sponsorCard.submit')}
            </Button>
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}
