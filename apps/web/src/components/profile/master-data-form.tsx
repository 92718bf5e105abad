import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { z } from 'zod';
import { ZMasterData, type MasterData } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { useLanguage } from '@/hooks/use-language';
import { postalCodeFormat } from '@/lib/countries';
import { useTranslation } from '@/lib/i18n';
import type { UserProfile } from '@/lib/profile/user-profile';
import { CountryCombobox } from './country-combobox';

/**
 * The organisation master data of spec section 5, used by onboarding step 2 and the profile's
 * drawer. The form schema is the shared request schema, so the API's field error codes
 * ('required', 'invalid_phone', ...) and the form's own are the same words.
 */
export type MasterDataFormValues = z.input<typeof ZMasterData>;

const FIELDS = [
  'organisation_name',
  'street',
  'house_number',
  'postal_code',
  'city',
  'country',
  'phone_number',
] as const satisfies readonly (keyof MasterDataFormValues)[];

export const DEFAULT_COUNTRY = 'DE';

export function masterDataDefaults(profile?: UserProfile | null): MasterDataFormValues {
  return {
    organisation_name: profile?.organisationName ?? '',
    street: profile?.street ?? '',
    house_number: profile?.houseNumber ?? '',
    postal_code: profile?.postalCode ?? '',
    city: profile?.city ?? '',
    country: profile?.country ?? DEFAULT_COUNTRY,
    phone_number: profile?.phoneNumber ?? '',
  };
}

function maxLength(field: (typeof FIELDS)[number]): number | null {
  const schema = ZMasterData.shape[field];
  return schema instanceof z.ZodString ? schema.maxLength : null;
}

export function MasterDataForm({
  defaultValues,
  onSubmit,
  onUnhandledError,
  submitLabel,
  disabled = false,
  notice,
  secondaryAction,
  invoicing = false,
}: {
  defaultValues: MasterDataFormValues;
  /** Saves the checked values; a rejected promise with an API validation answer marks the fields. */
  onSubmit: (values: MasterData) => Promise<unknown>;
  /** Any other failure (shown as a toast by the caller). */
  onUnhandledError: (error: unknown) => void;
  submitLabel: string;
  /** Read-only, for example for members who may not change their organisation's data. */
  disabled?: boolean;
  notice?: ReactNode;
  /** A button shown before the submit button (onboarding's Back). */
  secondaryAction?: ReactNode;
  /** An organiser's organisation: its invoices need the phone number (XRechnung), so the form says so. */
  invoicing?: boolean;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const form = useForm<MasterDataFormValues, unknown, MasterData>({
    resolver: zodResolver(ZMasterData),
    defaultValues,
  });
  const { register, control, formState, setError, setFocus } = form;
  const { errors } = formState;
  // Fields are disabled while saving; a field named by the API is focused once they are enabled again.
  const [saving, setSaving] = useState(false);
  const [focusAfterSave, setFocusAfterSave] = useState<(typeof FIELDS)[number] | null>(null);

  useEffect(() => {
    if (saving || !focusAfterSave) return;
    setFocus(focusAfterSave);
    setFocusAfterSave(null);
  }, [saving, focusAfterSave, setFocus]);

  function message(field: (typeof FIELDS)[number], error: FieldError | undefined): string | undefined {
    if (!error) return undefined;
    switch (error.message) {
      case 'required':
        return t('profile.masterData.errors.required');
      case 'too_long':
        return t('profile.masterData.errors.tooLong', { max: maxLength(field) ?? '' });
      case 'invalid_country':
        return t('profile.masterData.errors.invalidCountry');
      case 'invalid_phone':
        return t('profile.masterData.errors.invalidPhone');
      case 'invalid_postal_code':
        return t('profile.masterData.errors.invalidPostalCode', postalCodeFormat(form.getValues('country'), language));
      default:
        return t('profile.masterData.errors.invalid');
    }
  }

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (error) {
      const field = applyApiFieldErrors(error, FIELDS, setError);
      if (field) setFocusAfterSave(field);
      else onUnhandledError(error);
    } finally {
      setSaving(false);
    }
  });

  const text = (field: (typeof FIELDS)[number], label: string, className?: string, autoComplete?: string) => (
    <Field label={label} error={message(field, errors[field])} className={className}>
      {(control) => <Input {...control} autoComplete={autoComplete} {...register(field)} />}
    </Field>
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      {notice}
      <fieldset disabled={disabled || saving} className="grid grid-cols-3 gap-x-4 gap-y-5">
        {text('organisation_name', t('profile.masterData.fields.organisationName'), 'col-span-3', 'organization')}
        {text('street', t('profile.masterData.fields.street'), 'col-span-2', 'address-line1')}
        {text('house_number', t('profile.masterData.fields.houseNumber'), 'col-span-1')}
        {text('postal_code', t('profile.masterData.fields.postalCode'), 'col-span-1', 'postal-code')}
        {text('city', t('profile.masterData.fields.city'), 'col-span-2', 'address-level2')}
        <Controller
          control={control}
          name="country"
          render={({ field, fieldState }) => (
            <Field
              label={t('profile.masterData.fields.country')}
              error={message('country', fieldState.error)}
              className="col-span-3"
            >
              {(controlProps) => (
                <CountryCombobox
                  {...controlProps}
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
        <Field
          label={t(
            invoicing ? 'profile.masterData.fields.phoneNumberInvoices' : 'profile.masterData.fields.phoneNumber',
          )}
          hint={t(invoicing ? 'profile.masterData.phoneInvoicesHint' : 'profile.masterData.phoneHint')}
          error={message('phone_number', errors.phone_number)}
          className="col-span-3"
        >
          {(controlProps) => <Input {...controlProps} type="tel" autoComplete="tel" {...register('phone_number')} />}
        </Field>
      </fieldset>
      {disabled ? null : (
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {secondaryAction}
          <Button type="submit" disabled={saving}>
            {submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
