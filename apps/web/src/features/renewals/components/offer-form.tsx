import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { OfferRenewalsRequest, RenewalRow, RenewalsResponse } from '@sp/shared';
import { DateField } from '@/components/date-field';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useTranslation, type TranslationKey } from '@/lib/i18n';

const selectClass =
  'h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';

const schema = z
  .object({
    deadline: z.iso.date({ error: 'renewals.offer.invalidDeadline' }),
    picks: z.array(z.object({ id: z.number(), selected: z.boolean(), package_id: z.string() })),
  })
  .refine((v) => v.picks.some((p) => p.selected), { error: 'renewals.offer.noneSelected', path: ['picks'] })
  .refine((v) => v.picks.every((p) => !p.selected || p.package_id !== ''), {
    error: 'renewals.offer.packageMissing',
    path: ['picks'],
  });
type Values = z.input<typeof schema>;

/** Three weeks from `today` (YYYY-MM-DD): the deadline proposed. */
export function proposedDeadline(today: Date): string {
  return new Date(today.getTime() + 21 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The request of the selected rows: each with the package picked for it. */
export function toOfferRequest(values: z.output<typeof schema>): OfferRenewalsRequest {
  return {
    deadline: values.deadline,
    offers: values.picks
      .filter((p) => p.selected)
      .map((p) => ({ previous_sponsorship_id: p.id, package_id: Number(p.package_id) })),
  };
}

/** The sponsors not offered yet, each preselected with their package, and one deadline: offered in one step. */
export function OfferForm({
  rows,
  packages,
  today,
  onSubmit,
}: {
  rows: RenewalRow[];
  packages: RenewalsResponse['packages'];
  today: Date;
  onSubmit: (body: OfferRenewalsRequest) => Promise<void>;
}) {
  const { t } = useTranslation();
  const open = rows.filter((r) => r.state === 'not_offered');
  const {
    control,
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      deadline: proposedDeadline(today),
      picks: open.map((r) => ({
        id: r.previous_sponsorship_id,
        selected: true,
        package_id: r.suggested_package_id === null ? '' : String(r.suggested_package_id),
      })),
    } satisfies Values,
  });
  const count = watch('picks').filter((p) => p.selected).length;
  const message = (key?: string) => (key ? t(key as TranslationKey) : undefined);
  const submit = handleSubmit(async (values) => onSubmit(toOfferRequest(values)));
  if (open.length === 0) return null;

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-busy={isSubmitting || undefined}
      aria-label={t('renewals.offer.title')}
      className="flex flex-col gap-4 rounded-lg border border-border p-4"
    >
      <fieldset disabled={isSubmitting} className="flex min-w-0 flex-col gap-4">
        <legend className="mb-2 font-semibold">{t('renewals.offer.title')}</legend>
        <ul className="flex flex-col gap-3">
          {open.map((row, index) => (
            <li
              key={row.previous_sponsorship_id}
              className="grid gap-2 rounded-md border border-dashed border-border p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,16rem)] sm:items-center"
              data-testid="renewal-pick"
            >
              <label className="flex min-w-0 items-start gap-3">
                <input type="checkbox" {...register(`picks.${index}.selected`)} className="mt-1 size-4 shrink-0" />
                <span className="flex min-w-0 flex-col">
                  <span className="font-medium break-words">{row.sponsor_name ?? row.sponsor_email}</span>
                  <span className="text-xs break-all text-muted-foreground">{row.sponsor_email}</span>
                  <span className="text-xs text-muted-foreground">
                    {t('renewals.offer.lastPackage', { name: row.previous_package_name ?? '–' })}
                  </span>
                </span>
              </label>
              <Field label={t('renewals.offer.package', { name: row.sponsor_name ?? row.sponsor_email })}>
                {(c) => (
                  <select {...c} {...register(`picks.${index}.package_id`)} className={selectClass}>
                    <option value="">{t('renewals.offer.choosePackage')}</option>
                    {packages.map((p) => (
                      <option key={p.id} value={String(p.id)}>
                        {p.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </li>
          ))}
        </ul>
        {errors.picks?.root?.message || errors.picks?.message ? (
          <p className="text-sm font-medium text-destructive" role="alert">
            {message(errors.picks.root?.message ?? errors.picks.message)}
          </p>
        ) : null}
        <Field label={t('renewals.offer.deadline')} error={message(errors.deadline?.message)} className="sm:max-w-xs">
          {(c) => (
            <Controller
              control={control}
              name="deadline"
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
        <Button type="submit" className="self-start">
          {isSubmitting ? t('renewals.offer.submitting') : t('renewals.offer.submit', { count })}
        </Button>
      </fieldset>
    </form>
  );
}
