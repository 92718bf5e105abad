import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { Trans } from '@/lib/i18n/trans';
import { acceptInvitation } from '../api/accept-invitation';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useFocusAfterSubmit } from '../hooks/use-focus-after-submit';
import { useIdentity } from '../hooks/use-identity';
import { describeIdentityError, toIdentityError, type IdentityError } from '../utils/identity-errors';
import { clearPendingInvitation, readPendingPassword } from '../utils/pending-invitation';
import { verifySchema, type VerifyValues } from '../utils/schemas';
import { AuthCard } from './auth-card';
import { CodeInput } from './code-input';
import { FormAlert } from './form-alert';
import { FormField } from './form-field';
import { ResendCodeButton } from './resend-code-button';
import { SubmitButton } from './submit-button';
import { textLinkClass } from './text-link';

/**
 * Spec "Verify e-mail" and section 4: confirm the address with the e-mailed code, then sign in
 * at /login/. An invited sign-up (invited=true with a token) goes further in one step: it signs in
 * with the password kept from the invite page, accepts the invitation, forgets both kept values
 * and continues like a login. Once the address is confirmed, a retry skips the confirmation.
 */
export function VerifyPage({ email, invited, token }: { email: string; invited?: boolean; token?: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const identity = useIdentity();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const confirmed = useRef(false);
  const form = useForm({
    resolver: zodResolver(verifySchema),
    defaultValues: { code: '' } satisfies VerifyValues,
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const focusLater = useFocusAfterSubmit(form);
  const invitationToken = invited && token ? token : undefined;

  useEffect(() => identity.preload(), [identity]);

  function reportConfirmError(error: IdentityError): void {
    if (error.code === 'CodeMismatchException' || error.code === 'ExpiredCodeException') {
      setError('code', {
        type: 'server',
        message: error.code === 'ExpiredCodeException' ? 'auth.errors.expiredCode' : 'auth.errors.codeMismatch',
      });
      focusLater('code');
    } else {
      setError('root.detail', { message: describeIdentityError(error, t) });
    }
    setError('root.server', { message: t('auth.verify.failed') });
  }

  async function goToLogin(): Promise<void> {
    toast.success(t('auth.verify.success'));
    await navigate({ to: '/login/', search: { email } });
  }

  const onSubmit = handleSubmit(async ({ code }) => {
    if (!confirmed.current) {
      try {
        await identity.confirmSignUp({ email, code, invitationToken });
        confirmed.current = true;
      } catch (caught) {
        reportConfirmError(toIdentityError(caught));
        return;
      }
    }
    if (!invitationToken) {
      await goToLogin();
      return;
    }

    const password = readPendingPassword();
    // The invite page kept the password for this tab only; without it the user signs in by hand.
    if (!password) {
      await goToLogin();
      return;
    }
    let user;
    try {
      const step = await identity.signIn({ email, password });
      // A further step (new password, app code) is the login page's to ask for.
      if (step.kind !== 'signedIn') {
        await goToLogin();
        return;
      }
      ({ user } = step);
    } catch (caught) {
      setError('root.server', { message: t('auth.login.error', { error: describeIdentityError(caught, t) }) });
      return;
    }
    try {
      await acceptInvitation({ token: invitationToken, cognitoId: user.sub, email });
    } catch (error) {
      setError('root.server', { message: t('auth.verify.acceptFailed') });
      setError('root.detail', { message: getErrorMessage(error, t) });
      return;
    }
    clearPendingInvitation();
    toast.success(t('auth.verify.invitedSuccess'));
    await completeSignIn(user);
  });

  const rootError = errors.root?.server?.message;
  const rootDetail = errors.root?.detail?.message;

  return (
    <AuthCard
      title={t('auth.verify.title')}
      lead={
        <Trans
          i18nKey="auth.verify.lead"
          values={{ email }}
          components={{ strong: <strong className="text-foreground wrap-anywhere" /> }}
        />
      }
      footer={
        <p>
          {t('auth.verify.wrongAddress')}{' '}
          <Link to="/register/" className={textLinkClass}>
            {t('auth.verify.registerAgain')}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting || undefined}>
        <fieldset disabled={isSubmitting} className="grid gap-5">
          {invitationToken ? <p className="text-sm text-muted-foreground">{t('auth.verify.invitedHint')}</p> : null}
          <FormField label={t('auth.fields.code')} error={errors.code} hint={t('auth.codeHint')}>
            {(control) => <CodeInput {...control} {...register('code')} autoFocus />}
          </FormField>
          <p className="-mt-2 flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
            {t('auth.noCodeReceived')}
            <ResendCodeButton
              onResend={() => identity.resendSignUpCode({ email, language })}
              sentMessage={t('auth.codeSent', { email })}
            >
              {t('auth.verify.resend')}
            </ResendCodeButton>
          </p>
          <SubmitButton pending={isSubmitting}>{t('auth.verify.submit')}</SubmitButton>
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
