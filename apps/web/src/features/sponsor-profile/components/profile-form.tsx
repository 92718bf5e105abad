import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SPONSOR_PROFILE_LIMITS, ZWebsite, type SaveSponsorProfileRequest, type SponsorProfileWire } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useTranslation, type TranslationKey } from '@/lib/i18n';

const schema = z.object({
  public_name: z
    .string()
    .trim()
    .min(1, { error: 'sponsorProfile.form.nameRequired' })
    .max(SPONSOR_PROFILE_LIMITS.publicName, { error: 'sponsorProfile.form.tooLong' }),
  website: z
    .string()
    .trim()
    .refine((value) => value === '' || ZWebsite.safeParse(value).success, {
      error: 'sponsorProfile.form.websiteInvalid',
    }),
  description_de: z.string().trim().max(SPONSOR_PROFILE_LIMITS.description, { error: 'sponsorProfile.form.tooLong' }),
  description_en: z.string().trim().max(SPONSOR_PROFILE_LIMITS.description, { error: 'sponsorProfile.form.tooLong' }),
});

/** Public name, website and the two descriptions. */
export function ProfileForm({
  profile,
  onSubmit,
}: {
  profile: SponsorProfileWire;
  onSubmit: (body: SaveSponsorProfileRequest) => Promise<void>;
}) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      public_name: profile.public_name,
      website: profile.website ?? '',
      description_de: profile.description_de,
      description_en: profile.description_en,
    },
  });
  const message = (key?: string) => (key ? t(key as TranslationKey) : undefined);
  const submit = handleSubmit(async (values) => onSubmit({ ...values, website: values.website || null }));

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={isSubmitting || undefined}
      aria-label={t('sponsorProfile.form.label')}
    >
      <fieldset disabled={isSubmitting} className="flex min-w-0 flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('sponsorProfile.form.name')} error={message(errors.public_name?.message)}>
            {(c) => <Input {...c} {...register('public_name')} autoComplete="organization" />}
          </Field>
          <Field
            label={t('sponsorProfile.form.website')}
            hint={t('sponsorProfile.form.websiteHint')}
            error={message(errors.website?.message)}
          >
            {(c) => (
              <Input
                {...c}
                {...register('website')}
                type="url"
                inputMode="url"
                placeholder="https://"
                autoComplete="url"
              />
            )}
          </Field>
        </div>
        <Field label={t('sponsorProfile.form.descriptionDe')} error={message(errors.description_de?.message)}>
          {(c) => <Textarea {...c} {...register('description_de')} rows={3} lang="de" />}
        </Field>
        <Field label={t('sponsorProfile.form.descriptionEn')} error={message(errors.description_en?.message)}>
          {(c) => <Textarea {...c} {...register('description_en')} rows={3} lang="en" />}
        </Field>
        <Button type="submit" className="self-start">
          {t('sponsorProfile.form.save')}
        </Button>
      </fieldset>
    </form>
  );
}
