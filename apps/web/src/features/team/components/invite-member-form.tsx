import { zodResolver } from '@hookform/resolvers/zod';
import { SendIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { INVITE_EMAIL_PATTERN } from '@sp/shared';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-error';
import { useTranslation, type TranslationKey } from '@/lib/i18n';
import { useCreateInvitation } from '../api/create-invitation';
import { InviteLinkActions } from './invite-link-actions';

const inviteSchema = z.object({
  email: z.string().trim().regex(INVITE_EMAIL_PATTERN, { error: 'common.error.invalidEmail' }),
});
type InviteValues = z.input<typeof inviteSchema>;

export function InviteMemberForm({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation();
  const invite = useCreateInvitation(organisationId);
  const [url, setUrl] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(inviteSchema), defaultValues: { email: '' } satisfies InviteValues });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const invitation = await invite.mutateAsync(email);
      setUrl(invitation.url);
      toast.success(t('team.invite.sent'));
      reset();
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setError('email', { type: 'server', message: 'team.invite.alreadyMember' });
      } else {
        toast.error(t('team.invite.failed'));
      }
    }
  });

  const emailError = errors.email?.message ? t(errors.email.message as TranslationKey) : undefined;

  return (
    <div className="grid gap-5">
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting || undefined}>
        <fieldset disabled={isSubmitting} className="flex min-w-0 flex-col gap-3 sm:flex-row sm:items-start">
          <Field label={t('team.invite.emailLabel')} error={emailError} className="flex-1">
            {(control) => (
              <Input
                {...control}
                {...register('email')}
                type="email"
                autoComplete="off"
                placeholder={t('team.invite.emailPlaceholder')}
              />
            )}
          </Field>
          <Button type="submit" className="sm:mt-7">
            <SendIcon aria-hidden="true" />
            {t('team.invite.send')}
          </Button>
        </fieldset>
      </form>
      {url ? (
        <InviteLinkActions url={url} />
      ) : (
        <p className="text-sm text-muted-foreground">{t('team.invite.linkHint')}</p>
      )}
    </div>
  );
}
