import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { PackageIcon, PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { PACKAGE_LIMITS, type AssignPackageRequest } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/lib/auth';
import { useTranslation, type TranslationKey } from '@/lib/i18n';
import { eventPackagesQueryOptions } from '../api/event-packages';
import { sponsorshipPackagesQueryOptions, useAssignPackage } from '../api/sponsorship-packages';
import { AMOUNT_PATTERN, packageErrorMessage, toAmountInput, toCents } from '../utils';
import { ActivityList } from './activity-list';

const ME = { kind: 'user' } as const;

const selectClass =
  'h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';

const schema = z
  .object({
    packageId: z.string(),
    amount: z.string().trim().regex(AMOUNT_PATTERN, { error: 'packages.form.invalidPrice' }),
    note: z.string().trim().max(PACKAGE_LIMITS.note),
    initialAmount: z.string(),
  })
  .refine((v) => v.amount === v.initialAmount || v.note.length > 0, {
    error: 'packages.organiser.noteRequired',
    path: ['note'],
  });

function AssignForm({
  eventId,
  sponsorshipId,
  amountCents,
  onDone,
}: {
  eventId: number;
  sponsorshipId: number;
  amountCents: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const packages = useQuery(eventPackagesQueryOptions(eventId));
  const assign = useAssignPackage(sponsorshipId);
  const initialAmount = toAmountInput(amountCents);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { packageId: '', amount: initialAmount, note: '', initialAmount },
  });
  const message = (key?: string) => (key ? t(key as TranslationKey) : undefined);
  const submit = handleSubmit(async (values) => {
    const body: AssignPackageRequest = {};
    if (values.packageId) body.package_id = Number(values.packageId);
    if (values.amount !== initialAmount) body.amount_cents = toCents(values.amount);
    if (values.note) body.note = values.note;
    if (body.package_id === undefined && body.amount_cents === undefined) return onDone();
    try {
      await assign.mutateAsync(body);
    } catch (error) {
      toast.error(packageErrorMessage(error, t));
      return;
    }
    toast.success(t('packages.organiser.saved'));
    onDone();
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-busy={isSubmitting || undefined}>
      <fieldset disabled={isSubmitting} className="grid min-w-0 gap-3 sm:grid-cols-2">
        <Field label={t('packages.organiser.package')}>
          {(c) => (
            <select {...c} {...register('packageId')} className={selectClass}>
              <option value="">{t('packages.organiser.keep')}</option>
              {(packages.data ?? [])
                .filter((p) => !p.archived)
                .map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
            </select>
          )}
        </Field>
        <Field label={t('packages.organiser.amount')} error={message(errors.amount?.message)}>
          {(c) => <Input {...c} {...register('amount')} inputMode="decimal" autoComplete="off" />}
        </Field>
        <Field label={t('packages.organiser.note')} error={message(errors.note?.message)} className="sm:col-span-2">
          {(c) => <Input {...c} {...register('note')} autoComplete="off" />}
        </Field>
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" size="sm">
            {t('packages.organiser.save')}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onDone}>
            {t('packages.form.cancel')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

/** In the organiser's sponsor list: the chosen package, assigning one or changing the amount, the log. */
export function SponsorshipPackage({
  sponsorshipId,
  eventId,
  open,
  sponsorName = null,
}: {
  sponsorshipId: number;
  eventId: number;
  open: boolean;
  sponsorName?: string | null;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const offer = useQuery(sponsorshipPackagesQueryOptions(sponsorshipId, ME));
  const [editing, setEditing] = useState(false);
  if (!offer.data) return null;
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="sponsorship-package">
      <p className="flex flex-wrap items-center gap-2">
        <PackageIcon className="size-4 text-primary" aria-hidden="true" />
        <span className="font-medium">
          {offer.data.chosen
            ? t('packages.organiser.chosen', { name: offer.data.chosen.name })
            : t('packages.organiser.noneChosen')}
        </span>
        {open && offer.data.choice_open && !editing ? (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            <PencilIcon aria-hidden="true" />
            {t('packages.organiser.assign')}
          </Button>
        ) : null}
      </p>
      {editing ? (
        <AssignForm
          eventId={eventId}
          sponsorshipId={sponsorshipId}
          amountCents={offer.data.amount_cents}
          onDone={() => setEditing(false)}
        />
      ) : null}
      <ActivityList activity={offer.data.activity} selfEmail={user?.email} sponsorName={sponsorName} />
    </div>
  );
}
