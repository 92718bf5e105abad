import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation, type TranslationKey } from '@/lib/i18n';
import { useChangeSponsorshipAmount } from '../api/change-sponsorship';

const AMOUNT_PATTERN = /^\d{1,9}([.,]\d{1,2})?$/;

const schema = z.object({
  amount: z.string().trim().regex(AMOUNT_PATTERN, { error: 'sponsorships.amount.invalid' }),
});
type Values = z.input<typeof schema>;

const toCents = (amount: string) => Math.round(Number(amount.replace(',', '.')) * 100);
const toInput = (cents: number | null) =>
  cents === null ? '' : (cents / 100).toFixed(cents % 100 === 0 ? 0 : 2).replace('.', ',');

/** The organiser changes the amount (euro) of an open sponsorship. */
export function AmountForm({
  sponsorshipId,
  amountCents,
  onDone,
}: {
  sponsorshipId: number;
  amountCents: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const change = useChangeSponsorshipAmount();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { amount: toInput(amountCents) } satisfies Values });

  const onSubmit = handleSubmit(async ({ amount }) => {
    try {
      await change.mutateAsync({ id: sponsorshipId, amountCents: toCents(amount) });
    } catch (error) {
      toast.error(t('sponsorships.errors.change', { message: getErrorMessage(error, t) }));
      return;
    }
    toast.success(t('sponsorships.done.amount'));
    onDone();
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting || undefined}>
      <fieldset disabled={isSubmitting} className="flex min-w-0 flex-wrap items-end gap-2">
        <Field
          label={t('sponsorships.amount.label')}
          error={errors.amount?.message ? t(errors.amount.message as TranslationKey) : undefined}
          className="w-40"
        >
          {(control) => (
            <Input {...control} {...register('amount')} inputMode="decimal" placeholder="2500" autoComplete="off" />
          )}
        </Field>
        <div className="flex gap-2 pb-px">
          <Button type="submit" size="sm">
            {t('sponsorships.amount.save')}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onDone}>
            {t('sponsorships.actions.cancel')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
