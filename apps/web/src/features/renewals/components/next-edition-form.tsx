import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  EVENT_TITLE_MAX,
  PRICE_CHANGE_MAX,
  PRICE_CHANGE_MIN,
  nextEditionPrice,
  type PlanNextEditionRequest,
  type RenewalsResponse,
} from '@sp/shared';
import { DateField } from '@/components/date-field';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useLanguage } from '@/hooks/use-language';
import { formatCurrency } from '@/lib/format';
import { useTranslation, type TranslationKey } from '@/lib/i18n';

const AMOUNT = /^\d{1,8}([.,]\d{1,2})?$/;
const toCents = (amount: string) => Math.round(Number(amount.trim().replace(',', '.')) * 100);

const schema = z.object({
  title: z.string().trim().min(1, { error: 'renewals.plan.invalidTitle' }).max(EVENT_TITLE_MAX),
  event_date: z.iso.date({ error: 'renewals.plan.invalidDate' }),
  location: z.string().trim().min(1, { error: 'renewals.plan.invalidLocation' }).max(200),
  percent: z
    .string()
    .trim()
    .refine((v) => /^[+-]?\d{1,3}$/.test(v) && Number(v) >= PRICE_CHANGE_MIN && Number(v) <= PRICE_CHANGE_MAX, {
      error: 'renewals.plan.invalidPercent',
    }),
  prices: z.array(
    z.object({
      package_id: z.number(),
      price: z
        .string()
        .trim()
        .refine((v) => v === '' || AMOUNT.test(v), { error: 'renewals.plan.invalidPrice' }),
    }),
  ),
});
type Values = z.input<typeof schema>;

export type PlannedEvent = { id: number; title: string; event_date: string; location: string };

/** The same day a year later (29 February becomes 28 February). */
export function nextYear(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + 1, m - 1, d));
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** The request from the form: a price typed for a package overrides the per cent change. */
export function toPlanRequest(values: z.output<typeof schema>): PlanNextEditionRequest {
  return {
    title: values.title,
    event_date: values.event_date,
    location: values.location,
    price_change_percent: Number(values.percent),
    prices: values.prices
      .filter((p) => p.price !== '')
      .map((p) => ({ package_id: p.package_id, price_cents: toCents(p.price) })),
  };
}

/** "Plan next edition": the copy's title, date and place, and all prices in one step. */
export function NextEditionForm({
  event,
  packages,
  onSubmit,
}: {
  event: PlannedEvent;
  packages: RenewalsResponse['packages'];
  onSubmit: (body: PlanNextEditionRequest) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const {
    control,
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      title: event.title,
      event_date: nextYear(event.event_date),
      location: event.location,
      percent: '0',
      prices: packages.map((p) => ({ package_id: p.id, price: '' })),
    } satisfies Values,
  });
  const message = (key?: string) => (key ? t(key as TranslationKey) : undefined);
  const percent = Number(watch('percent'));
  const typed = watch('prices');
  const submit = handleSubmit(async (values) => onSubmit(toPlanRequest(values)));

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-busy={isSubmitting || undefined}
      aria-label={t('renewals.plan.title')}
      className="flex flex-col gap-4"
    >
      <fieldset disabled={isSubmitting} className="flex min-w-0 flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t('renewals.plan.eventTitle')} error={message(errors.title?.message)}>
            {(c) => <Input {...c} {...register('title')} autoComplete="off" />}
          </Field>
          <Field label={t('renewals.plan.date')} error={message(errors.event_date?.message)}>
            {(c) => (
              <Controller
                control={control}
                name="event_date"
                render={({ field }) => (
                  <DateField
                    control={c}
                    ref={field.ref}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              />
            )}
          </Field>
          <Field label={t('renewals.plan.location')} error={message(errors.location?.message)}>
            {(c) => <Input {...c} {...register('location')} autoComplete="off" />}
          </Field>
        </div>
        <Field
          label={t('renewals.plan.percent')}
          hint={t('renewals.plan.percentHint')}
          error={message(errors.percent?.message)}
          className="sm:max-w-xs"
        >
          {(c) => <Input {...c} {...register('percent')} inputMode="numeric" autoComplete="off" />}
        </Field>
        {packages.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('renewals.plan.noPackages')}</p>
        ) : (
          <fieldset className="flex min-w-0 flex-col gap-3">
            <legend className="mb-1 text-sm font-medium">{t('renewals.plan.prices')}</legend>
            {packages.map((p, index) => {
              const own = typed[index]?.price ?? '';
              const next =
                own !== '' && AMOUNT.test(own)
                  ? toCents(own)
                  : nextEditionPrice(p.price_cents, Number.isFinite(percent) ? percent : 0);
              return (
                <div key={p.id} className="grid gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] sm:items-end">
                  <Field
                    label={t('renewals.plan.packagePrice', { name: p.name })}
                    hint={t('renewals.plan.fromTo', {
                      from: formatCurrency(p.price_cents / 100, language),
                      to: formatCurrency(next / 100, language),
                    })}
                    error={message(errors.prices?.[index]?.price?.message)}
                  >
                    {(c) => (
                      <Input
                        {...c}
                        {...register(`prices.${index}.price`)}
                        inputMode="decimal"
                        placeholder={t('renewals.plan.pricePlaceholder')}
                        autoComplete="off"
                      />
                    )}
                  </Field>
                </div>
              );
            })}
          </fieldset>
        )}
        <p className="text-sm text-muted-foreground">{t('renewals.plan.notCopied')}</p>
        <Button type="submit" className="self-start">
          {isSubmitting ? t('renewals.plan.submitting') : t('renewals.plan.submit')}
        </Button>
      </fieldset>
    </form>
  );
}
