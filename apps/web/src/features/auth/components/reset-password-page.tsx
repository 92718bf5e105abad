import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useLanguage } from '@/hooks/use-language';
import { useTranslation } from '@/lib/i18n';
import { useFocusAfterSubmit } from '../hooks/use-focus-after-submit';
import { useIdentity } from '../hooks/use-identity';
import { describeIdentityError, toIdentityError } from '../utils/identity-errors';
import { resetPasswordSchema, type ResetPasswordValues } from '../utils/schemas';
import { AuthCard } from './auth-card';
import { CodeInput } from './code-input';
import { FormAlert } from './form-alert';
import { FormField } from './form-field';
import { PasswordInput } from '@/components/password/password-input';
import { judgeNewPassword } from '@/lib/password/password-strength';
import { NewPasswordHint } from '@/components/password/new-password-hint';
import { ResendCodeButton } from './resend-code-button';
import { SubmitButton } from './submit-button';
import { textLinkClass } from './text-link';

/** Spec "Reset password": the e-mailed six-digit code and the new password twice. */
export function ResetPasswordPage({ email }: { email: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const identity = useIdentity();
  const navigate = useNavigate();
  const emailId = useId();
  const form = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { code: '', password: '', confirmPassword: '' } satisfies ResetPasswordValues,
  });
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const focusLater = useFocusAfterSubmit(form);
  const password = useWatch({ control, name: 'password' });

  useEffect(() => identity.preload(), [identity]);

  const onSubmit = handleSubmit(async ({ code, password: newPassword }) => {
    const verdict = await judgeNewPassword(newPassword, email).catch(() => null);
    if (verdict?.reason) {
      setError('password', { type: 'strength', message: `auth.passwordStrength.reasons.${verdict.reason}` });
      focusLater('password');
      return;
    }
    try {
      await identity.confirmForgotPassword({ email, code, newPassword });
    } catch (caught) {
      const error = toIdentityError(caught);
      if (error.code === 'CodeMismatchException' || error.code === 'ExpiredCodeException') {
        setError('code', {
          type: 'server',
          message: error.code === 'ExpiredCodeException' ? 'auth.errors.expiredCode' : 'auth.errors.codeMismatch',
        });
        focusLater('code');
      } else if (error.code === 'InvalidPasswordException') {
        setError('password', { type: 'server', message: 'auth.errors.invalidPassword' });
        focusLater('password');
      } else {
        setError('root.detail', { message: describeIdentityError(error, t) });
      }
      setError('root.server', { message: t('auth.resetPassword.failed') });
      return;
    }
    toast.success(t('auth.resetPassword.success'));
    await navigate({ to: '/login/', search: { email } });
  });

  const rootError = errors.root?.server?.message;
  const rootDetail = errors.root?.detail?.message;

  return (
    <AuthCard
      title={t('auth.resetPassword.title')}
      lead={t('auth.resetPassword.lead')}
      footer={
        <Link to="/login/" className={textLinkClass}>
          {t('auth.backToLogin')}
        </Link>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting || undefined}>
        <fieldset disabled={isSubmitting} className="grid gap-5">
          <div className="grid gap-2">
            <Label htmlFor={emailId}>{t('auth.fields.email')}</Label>
            <Input id={emailId} type="email" value={email} disabled readOnly autoComplete="username" />
          </div>
          <FormField label={t('auth.fields.resetCode')} error={errors.code} hint={t('auth.codeHint')}>
            {(control) => <CodeInput {...control} {...register('code')} />}
          </FormField>
          <p className="-mt-2 flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
            {t('auth.noCodeReceived')}
            <ResendCodeButton
              onResend={() => identity.forgotPassword({ email, language })}
              sentMessage={t('auth.codeSent', { email })}
            >
              {t('auth.resetPassword.resend')}
            </ResendCodeButton>
          </p>
          <FormField
            label={t('auth.fields.newPassword')}
            error={errors.password}
            hint={<NewPasswordHint value={password} email={email} />}
          >
            {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
          </FormField>
          <FormField label={t('auth.fields.repeatPassword')} error={errors.confirmPassword}>
            {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
          </FormField>
          <SubmitButton pending={isSubmitting}>{t('auth.resetPassword.submit')}</SubmitButton>
          {rootError ? (
            <FormAlert tone="error">
              <p>{rootError}</p>
              {rootDetail ? <p className="mt-1 font-normal">{rootDetail}</p> : null}
            </FormAlert>
          ) : null}
        </fieldset>
      </form>
    </AuthCard>
  );
}
