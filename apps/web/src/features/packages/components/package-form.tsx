import { zodResolver } from '@hookform/resolvers/zod';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { BENEFIT_KINDS, PACKAGE_LIMITS, type PackageWire, type SavePackageRequest } from '@sp/shared';
import { DateField } from '@/components/date-field';
import { ISO_DATE } from '@/components/ui/date-input-format';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useTranslation, type TranslationKey } from '@/lib/i18n';
import { AMOUNT_PATTERN, toAmountInput, toCents } from '../utils';

const schema = z.object({
  name: z.string().trim().min(1, { error: 'packages.form.invalidName' }).max(PACKAGE_LIMITS.name),
  price: z.string().trim().regex(AMOUNT_PATTERN, { error: 'packages.form.invalidPrice' }),
  description: z.string().trim().max(PACKAGE_LIMITS.description),
  capacity: z
    .string()
    .trim()
    .refine((value) => value === '' || (/^\d{1,5}$/.test(value) && Number(value) >= 1), {
      error: 'packages.form.invalidCapacity',
    }),
  benefits: z
    .array(
      z.object({
        title: z.string().trim().min(1, { error: 'packages.form.invalidBenefit' }).max(PACKAGE_LIMITS.benefitTitle),
        kind: z.enum(BENEFIT_KINDS),
        due_date: z.string().refine((value) => value === '' || ISO_DATE.test(value), {
          error: 'audit58.invalidDate',
        }),
        sponsor_delivers: z.boolean(),
      }),
    )
    .max(PACKAGE_LIMITS.benefits),
});
type Values = z.input<typeof schema>;

const selectClass =
  'h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';

export function toRequest(values: z.output<typeof schema>): SavePackageRequest {
  return {
    name: values.name,
    description: values.description,
    price_cents: toCents(values.price),
    capacity: values.capacity === '' ? null : Number(values.capacity),
    benefits: values.benefits.map((b) => ({ ...b, due_date: b.due_date === '' ? null : b.due_date })),
  };
}

/** Creates or edits one package with its benefits. */
export function PackageForm({
  initial,
  onSubmit,
  onCancel,
}: {
  initial: PackageWire | null;
  onSubmit: (body: SavePackageRequest) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      name: initial?.name ?? '',
      price: toAmountInput(initial?.price_cents ?? null),
      description: initial?.description ?? '',
      capacity: initial?.capacity === null || initial === null ? '' : String(initial.capacity),
      benefits: (initial?.benefits ?? []).map((b) => ({ ...b, due_date: b.due_date ?? '' })),
    } satisfies Values,
  });
  const benefits = useFieldArray({ control, name: 'benefits' });
  const message = (key?: string) => (key ? t(key as TranslationKey) : undefined);
  const submit = handleSubmit(async (values) => onSubmit(toRequest(values)));

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={isSubmitting || undefined}
      aria-label={initial ? t('packages.form.editTitle') : t('packages.form.createTitle')}
      className="rounded-lg border border-border p-4"
    >
      <fieldset disabled={isSubmitting} className="flex min-w-0 flex-col gap-4">
        <legend className="mb-2 font-semibold">
          {initial ? t('packages.form.editTitle') : t('packages.form.createTitle')}
        </legend>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <Field label={t('packages.form.name')} error={message(errors.name?.message)}>
            {(c) => <Input {...c} {...register('name')} autoComplete="off" />}
          </Field>
          <Field label={t('packages.form.price')} error={message(errors.price?.message)}>
            {(c) => <Input {...c} {...register('price')} inputMode="decimal" placeholder="2500" autoComplete="off" />}
          </Field>
          <Field label={t('packages.form.capacity')} error={message(errors.capacity?.message)}>
            {(c) => <Input {...c} {...register('capacity')} inputMode="numeric" autoComplete="off" />}
          </Field>
        </div>
        <Field label={t('packages.form.description')}>
          {(c) => <Textarea {...c} {...register('description')} rows={2} />}
        </Field>
        <div className="flex flex-col gap-3">
          <p className="text-sm font-medium">{t('packages.form.benefits')}</p>
          {benefits.fields.map((field, index) => (
            <div
              key={field.id}
              className="grid gap-3 rounded-md border border-dashed border-border p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
              data-testid="benefit-row"
            >
              <Field label={t('packages.form.benefitTitle')} error={message(errors.benefits?.[index]?.title?.message)}>
                {(c) => <Input {...c} {...register(`benefits.${index}.title`)} autoComplete="off" />}
              </Field>
              <Field label={t('packages.form.benefitKind')}>
                {(c) => (
                  <select {...c} {...register(`benefits.${index}.kind`)} className={selectClass}>
                    {BENEFIT_KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {t(`packages.kinds.${kind}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={t('packages.form.dueDate')} error={message(errors.benefits?.[index]?.due_date?.message)}>
                {(c) => (
                  <Controller
                    control={control}
                    name={`benefits.${index}.due_date`}
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
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t('packages.form.removeBenefit', { index: String(index + 1) })}
                onClick={() => benefits.remove(index)}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
              <label className="flex items-center gap-2 text-sm sm:col-span-4">
                <input type="checkbox" {...register(`benefits.${index}.sponsor_delivers`)} className="size-4" />
                {t('packages.form.sponsorDelivers')}
              </label>
            </div>
          ))}
          {benefits.fields.length < PACKAGE_LIMITS.benefits ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => benefits.append({ title: '', kind: 'logo', due_date: '', sponsor_delivers: false })}
            >
              <PlusIcon aria-hidden="true" />
              {t('packages.form.addBenefit')}
            </Button>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{t('packages.form.save')}</Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('packages.form.cancel')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
