import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useFocusAfterSubmit } from '../hooks/use-focus-after-submit';
import { useIdentity } from '../hooks/use-identity';
import { describeIdentityError, MISSING_TOKEN_CODE, toIdentityError } from '../utils/identity-errors';
import { loginSchema, type LoginValues } from '../utils/schemas';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';
import { FormField } from './form-field';
import { PasswordInput } from './password-input';
import { SubmitButton } from './submit-button';
import { textLinkClass } from './text-link';

/**
 * Spec "Login": e-mail and password; after the sign-in the profile decides where the user goes
 * (see useCompleteSignIn). A not yet confirmed address is offered the way to the verify page.
 */
export function LoginPage({ email: initialEmail, redirect }: { email?: string; redirect?: string }) {
  const { t } = useTranslation();
  const identity = useIdentity();
  const completeSignIn = useCompleteSignIn();
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: initialEmail ?? '', password: '' } satisfies LoginValues,
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  useFocusAfterSubmit(form);

  useEffect(() => identity.preload(), [identity]);

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setUnconfirmedEmail(null);
    let user;
    try {
      ({ user } = await identity.signIn({ email, password }));
    } catch (caught) {
      const error = toIdentityError(caught);
      if (error.code === MISSING_TOKEN_CODE) {
        setError('root.server', { message: t('auth.login.missingToken') });
        return;
      }
      if (error.code === 'UserNotConfirmedException') setUnconfirmedEmail(email);
      setError('root.server', { message: t('auth.login.error', { error: describeIdentityError(error, t) }) });
      return;
    }
    toast.success(t('auth.login.success'));
    await completeSignIn(user, redirect);
  });

  const rootError = errors.root?.server?.message;

  return (
    <AuthCard
      title={t('auth.login.title')}
      lead={t('auth.login.lead')}
      footer={
        <p>
          {t('auth.login.noAccount')}{' '}
          <Link to="/register/" className={textLinkClass}>
            {t('auth.login.toRegister')}
          </Link>
        </p>
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
                autoComplete="username"
                placeholder={t('auth.fields.emailPlaceholder')}
              />
            )}
          </FormField>
          <FormField
            label={t('auth.fields.password')}
            error={errors.password}
            labelAside={
              <Link to="/forget-password/" className={`${textLinkClass} text-sm`}>
                {t('auth.login.forgotPassword')}
              </Link>
            }
          >
            {(control) => <PasswordInput {...control} {...register('password')} autoComplete="current-password" />}
          </FormField>
          <SubmitButton pending={isSubmitting}>{t('auth.login.submit')}</SubmitButton>
          {rootError ? (
            <FormAlert tone="error">
              <p>{rootError}</p>
              {unconfirmedEmail ? (
                <Button asChild variant="outline" size="sm" className="mt-2">
                  <Link to="/verify/$email" params={{ email: unconfirmedEmail }}>
                    {t('auth.login.verifyNow')}
                  </Link>
                </Button>
              ) : null}
            </FormAlert>
          ) : null}
        </fieldset>
      </form>
    </AuthCard>
  );
}
