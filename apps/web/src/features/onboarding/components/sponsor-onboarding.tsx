import { zodResolver } from '@hookform/resolvers/zod';
import { HandshakeIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZMasterDataFields } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { useTranslation } from '@/lib/i18n';

/** A sponsorship the invited sponsor already has (shown before anything is asked). */
export type InvitedSponsorship = { id: number; eventTitle: string; organisationName: string };

const ZSponsorName = ZMasterDataFields.pick({ organisation_name: true });
type SponsorNameValues = z.input<typeof ZSponsorName>;

/**
 * Issue 21, point 7: a sponsor who came from an invitation sees the sponsorship at once and is
 * asked only for the organisation's name; the address follows when an agreement or invoice needs it.
 */
export function SponsorOnboarding({
  sponsorships,
  onSubmit,
  onUnhandledError,
  onOtherRole,
}: {
  sponsorships: InvitedSponsorship[];
  onSubmit: (organisationName: string) => Promise<unknown>;
  onUnhandledError: (error: unknown) => void;
  onOtherRole: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<SponsorNameValues, unknown, z.output<typeof ZSponsorName>>({
    resolver: zodResolver(ZSponsorName),
    defaultValues: { organisation_name: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ organisation_name }) => {
    try {
      await onSubmit(organisation_name);
    } catch (error) {
      if (!applyApiFieldErrors(error, ['organisation_name'] as const, form.setError)) onUnhandledError(error);
    }
  });
  const error = errors.organisation_name?.message;

  return (
    <>
      <section aria-labelledby="sponsor-onboarding-sponsorships" className="mt-8 rounded-xl bg-secondary/60 p-5">
        <h2 id="sponsor-onboarding-sponsorships" className="flex items-center gap-2 font-semibold">
          <HandshakeIcon className="size-5 text-primary" aria-hidden="true" />
          {t('onboarding.sponsor.sponsorshipsTitle', { count: sponsorships.length })}
        </h2>
        <ul className="mt-3 grid gap-2" data-testid="onboarding-sponsorships">
          {sponsorships.map((sponsorship) => (
            <li key={sponsorship.id} className="rounded-lg bg-background px-4 py-3 text-sm shadow-sm">
              <span className="font-medium">{sponsorship.eventTitle}</span>
              <span className="text-muted-foreground">
                {' '}
                · {t('onboarding.sponsor.by', { organisation: sponsorship.organisationName })}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <Card className="mt-6">
        <CardHeader>
          <h2 className="text-xl font-semibold tracking-tight">{t('onboarding.sponsor.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('onboarding.sponsor.lead')}</p>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
            <fieldset disabled={isSubmitting}>
              <Field
                label={t('profile.masterData.fields.organisationName')}
                hint={t('onboarding.sponsor.addressLater')}
                error={
                  error === 'required'
                    ? t('profile.masterData.errors.required')
                    : error
                      ? t('profile.masterData.errors.invalid')
                      : undefined
                }
              >
                {(control) => (
                  <Input {...control} autoComplete="organization" {...form.register('organisation_name')} />
                )}
              </Field>
            </fieldset>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
              <Button variant="ghost" onClick={onOtherRole} disabled={isSubmitting}>
                {t('onboarding.sponsor.otherRole')}
              </Button>
              <Button type="submit" size="lg" disabled={isSubmitting}>
                {t('onboarding.sponsor.submit')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </>
  );
}
