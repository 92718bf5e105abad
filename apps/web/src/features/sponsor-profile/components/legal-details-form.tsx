import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ZSponsorLegalDetails, type SponsorLegalDetailsInput, type SponsorLegalDetailsWire } from '@sp/shared';
import { CountryCombobox } from '@/components/profile/country-combobox';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/api-error';
import { postalCodeFormat } from '@/lib/countries';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { useLanguage } from '@/hooks/use-language';
import { useTranslation } from '@/lib/i18n';
import { useSaveSponsorLegalDetails, useSponsorLegalDetails } from '../api/legal-details';
import type { ProfileViewer } from '../api/sponsor-profile';

type Values = z.input<typeof ZSponsorLegalDetails>;

const FIELDS = [
  'legal_name',
  'street',
  'house_number',
  'postal_code',
  'city',
  'country',
  'vat_id',
  'billing_email',
  'language',
] as const satisfies readonly (keyof Values)[];

const defaults = (saved: SponsorLegalDetailsWire | null, language: 'de' | 'en'): Values => ({
  legal_name: saved?.legal_name ?? '',
  street: saved?.street ?? '',
  house_number: saved?.house_number ?? '',
  postal_code: saved?.postal_code ?? '',
  city: saved?.city ?? '',
  country: saved?.country ?? 'DE',
  vat_id: saved?.vat_id ?? '',
  billing_email: saved?.billing_email ?? '',
  language: saved?.language ?? language,
});

/**
 * The sponsor's legal name, address, VAT id, billing e-mail and document language: the party a
 * generated agreement names and the buyer an invoice is made out to. Entered once per sponsor
 * address, from the invitation link or the account; documents already made keep their own copy.
 */
export function SponsorLegalDetailsForm({ viewer, onSaved }: { viewer: ProfileViewer; onSaved?: () => void }) {
  const { t } = useTranslation();
  const query = useSponsorLegalDetails(viewer);
  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t('sponsorLegal.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-destructive" role="alert">
          {getErrorMessage(query.error, t)}
        </p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  const saved = query.data.legal_details;
  return <LegalDetailsFields key={saved?.updated_at ?? 'new'} viewer={viewer} saved={saved} onSaved={onSaved} />;
}

function LegalDetailsFields({
  viewer,
  saved,
  onSaved,
}: {
  viewer: ProfileViewer;
  saved: SponsorLegalDetailsWire | null;
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const save = useSaveSponsorLegalDetails(viewer);
  const form = useForm<Values, unknown, SponsorLegalDetailsInput>({
    resolver: zodResolver(ZSponsorLegalDetails),
    defaultValues: defaults(saved, language === 'en' ? 'en' : 'de'),
  });
  const { register, control, formState, setError } = form;
  const { errors } = formState;
  const [saving, setSaving] = useState(false);

  const message = (error: FieldError | undefined): string | undefined => {
    switch (error?.message) {
      case undefined:
        return undefined;
      case 'required':
        return t('sponsorLegal.errors.required');
      case 'too_long':
        return t('sponsorLegal.errors.tooLong');
      case 'invalid_country':
        return t('sponsorLegal.errors.country');
      case 'invalid_vat_id':
        return t('sponsorLegal.errors.vatId');
      case 'invalid_postal_code':
        return t('sponsorLegal.errors.postalCode', postalCodeFormat(form.getValues('country'), language));
      case 'invalid_email':
        return t('sponsorLegal.errors.email');
      default:
        return t('sponsorLegal.errors.invalid');
    }
  };

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      await save.mutateAsync(values);
      toast.success(t('sponsorLegal.saved'));
      onSaved?.();
    } catch (error) {
      const field = applyApiFieldErrors(error, FIELDS, setError);
      if (field) form.setFocus(field);
      else toast.error(getErrorMessage(error, t));
    } finally {
      setSaving(false);
    }
  });

  const text = (
    field: Exclude<(typeof FIELDS)[number], 'country' | 'language'>,
    className: string,
    extra: { autoComplete?: string; type?: string; hint?: string } = {},
  ) => (
    <Field
      label={t(`sponsorLegal.fields.${field}`)}
      hint={extra.hint}
      error={message(errors[field])}
      className={className}
    >
      {(c) => <Input {...c} {...register(field)} autoComplete={extra.autoComplete} type={extra.type} />}
    </Field>
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={saving || undefined}
      aria-label={t('sponsorLegal.title')}
      className="flex flex-col gap-5"
    >
      <fieldset disabled={saving} className="grid min-w-0 grid-cols-3 gap-x-4 gap-y-5">
        {text('legal_name', 'col-span-3', { autoComplete: 'organization', hint: t('sponsorLegal.legalNameHint') })}
        {text('street', 'col-span-2', { autoComplete: 'address-line1' })}
        {text('house_number', 'col-span-1')}
        {text('postal_code', 'col-span-1', { autoComplete: 'postal-code' })}
        {text('city', 'col-span-2', { autoComplete: 'address-level2' })}
        <Controller
          control={control}
          name="country"
          render={({ field, fieldState }) => (
            <Field label={t('sponsorLegal.fields.country')} error={message(fieldState.error)} className="col-span-3">
              {(c) => (
                <CountryCombobox
                  {...c}
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={field.disabled}
                />
              )}
            </Field>
          )}
        />
        {text('vat_id', 'col-span-3 sm:col-span-1', { hint: t('sponsorLegal.vatIdHint') })}
        {text('billing_email', 'col-span-3 sm:col-span-2', {
          type: 'email',
          autoComplete: 'email',
          hint: t('sponsorLegal.billingEmailHint'),
        })}
        <fieldset className="col-span-3 flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">{t('sponsorLegal.fields.language')}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {(['de', 'en'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input type="radio" value={value} {...register('language')} className="size-4 accent-primary" />
                {t(`sponsorLegal.languages.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </fieldset>
      <Button type="submit" disabled={saving} className="self-start">
        {t('sponsorLegal.save')}
      </Button>
    </form>
  );
}
