import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Input } from '@/components/ui/input';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { Trans } from '@/lib/i18n/trans';
import { checkInvitationCode } from '../api/check-invitation-code';
import { useFocusAfterSubmit } from '../hooks/use-focus-after-submit';
import { useIdentity } from '../hooks/use-identity';
import { describeIdentityError, isInvalidInvitationCode, toIdentityError } from '../utils/identity-errors';
import { registerSchema, type RegisterValues } from '../utils/schemas';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';
import { FormField } from './form-field';
import { PasswordInput } from '@/components/password/password-input';
import { judgeNewPassword } from '@/lib/password/password-strength';
import { NewPasswordHint } from '@/components/password/new-password-hint';
import { SubmitButton } from './submit-button';
import { textLinkClass } from './text-link';

/**
 * Spec "Register": the invitation code is checked first (GET /invite/{code}); only a valid code
 * leads to the sign-up, whose pre-sign-up hook checks it again. Success goes to /verify/{email}.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const identity = useIdentity();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { email: '', password: '', invitationCode: '' } satisfies RegisterValues,
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
  const email = useWatch({ control, name: 'email' });

  useEffect(() => identity.preload(), [identity]);

  function rejectInvitationCode(): void {
    setError('invitationCode', { type: 'server' });
    setError('root.server', { message: t('auth.register.invalidCode') });
    focusLater('invitationCode');
  }

  const onSubmit = handleSubmit(async ({ email, password, invitationCode }) => {
    // The provider's own rule, checked here first so the reason shows at the field.
    const verdict = await judgeNewPassword(password, email).catch(() => null);
    if (verdict?.reason) {
      setError('password', { type: 'strength', message: `auth.passwordStrength.reasons.${verdict.reason}` });
      focusLater('password');
      return;
    }
    let codeIsValid: boolean;
    try {
      codeIsValid = await checkInvitationCode(invitationCode);
    } catch (error) {
      setError('root.server', { message: t('auth.register.failed', { error: getErrorMessage(error, t) }) });
      return;
    }
    if (!codeIsValid) {
      rejectInvitationCode();
      return;
    }

    try {
      await identity.signUp({ email, password, invitationCode, language });
    } catch (caught) {
      const error = toIdentityError(caught);
      if (isInvalidInvitationCode(error)) {
        rejectInvitationCode();
      } else if (error.code === 'UsernameExistsException') {
        setError('email', { type: 'server', message: 'auth.errors.usernameExists' });
        focusLater('email');
      } else if (error.code === 'InvalidPasswordException') {
        setError('password', { type: 'server', message: 'auth.errors.invalidPassword' });
        focusLater('password');
      } else {
        setError('root.server', { message: t('auth.register.failed', { error: describeIdentityError(error, t) }) });
      }
      return;
    }

    toast.success(t('auth.register.success'));
    await navigate({ to: '/verify/$email', params: { email } });
  });

  const rootError = errors.root?.server?.message;

  return (
    <AuthCard
      title={t('auth.register.title')}
      lead={t('auth.register.lead')}
      footer={
        <>
          <p>
            <Trans
              i18nKey="auth.register.terms"
              components={{
                terms: <Link to="/agb" className={textLinkClass} />,
                privacy: <Link to="/privacy-notice/" className={textLinkClass} />,
              }}
            />
          </p>
          <p>
            {t('auth.register.hasAccount')}{' '}
            <Link to="/login/" className={textLinkClass}>
              {t('auth.register.toLogin')}
            </Link>
          </p>
        </>
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
                placeholder={t('auth.fields.organisationEmailPlaceholder')}
              />
            )}
          </FormField>
          <FormField
            label={t('auth.fields.password')}
            error={errors.password}
            hint={<NewPasswordHint value={password} email={email} />}
          >
            {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
          </FormField>
          <FormField
            label={t('auth.fields.invitationCode')}
            error={errors.invitationCode}
            hint={t('auth.register.invitationCodeHint')}
          >
            {(control) => (
              <Input
                {...control}
                {...register('invitationCode')}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder={t('auth.fields.invitationCodePlaceholder')}
              />
            )}
          </FormField>
          <SubmitButton pending={isSubmitting}>{t('auth.register.submit')}</SubmitButton>
          {rootError ? <FormAlert tone="error">{rootError}</FormAlert> : null}
        </fieldset>
      </form>
    </AuthCard>
  );
}
