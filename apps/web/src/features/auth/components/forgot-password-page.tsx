import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Input } from '@/components/ui/input';
import { useLanguage } from '@/hooks/use-language';
import { useTranslation } from '@/lib/i18n';
import { useFocusAfterSubmit } from '../hooks/use-focus-after-submit';
import { useIdentity } from '../hooks/use-identity';
import { describeIdentityError } from '../utils/identity-errors';
import { forgotPasswordSchema, type ForgotPasswordValues } from '../utils/schemas';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';
import { FormField } from './form-field';
import { SubmitButton } from './submit-button';
import { textLinkClass } from './text-link';

/** Spec "Forgot password": sends the reset code, then continues at /reset-password/{email}. */
export function ForgotPasswordPage({ email: initialEmail }: { email?: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const identity = useIdentity();
  const navigate = useNavigate();
  const [sent, setSent] = useState(false);
  const form = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: initialEmail ?? '' } satisfies ForgotPasswordValues,
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  useFocusAfterSubmit(form);

  useEffect(() => identity.preload(), [identity]);

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await identity.forgotPassword({ email, language });
    } catch (error) {
      setError('root.server', {
        message: t('auth.forgotPassword.failed', { message: describeIdentityError(error, t) }),
      });
      return;
    }
    setSent(true);
    toast.success(t('auth.forgotPassword.sent', { email }));
    await navigate({ to: '/reset-password/$email', params: { email } });
  });

  const rootError = errors.root?.server?.message;

  return (
    <AuthCard
      title={t('auth.forgotPassword.title')}
      lead={t('auth.forgotPassword.lead')}
      footer={
        <Link to="/login/" className={textLinkClass}>
          {t('auth.backToLogin')}
        </Link>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting || undefined}>
        <fieldset disabled={isSubmitting} className="grid gap-5">
          <FormField label={t('auth.fields.email')} error={errors.email}>
            {(control) => (
              <Input
                {...control}
                {...register('email')}
                type="email"
                autoComplete="email"
                placeholder={t('auth.fields.emailPlaceholder')}
              />
            )}
          </FormField>
          <SubmitButton pending={isSubmitting} disabled={sent}>
            {t('auth.forgotPassword.submit')}
          </SubmitButton>
          {rootError ? <FormAlert tone="error">{rootError}</FormAlert> : null}
        </fieldset>
      </form>
    </AuthCard>
  );
}
