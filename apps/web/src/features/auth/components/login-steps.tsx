import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { NewPasswordHint } from '@/components/password/new-password-hint';
import { PasswordInput } from '@/components/password/password-input';
import { useTranslation, type TranslationKey } from '@/lib/i18n';
import { meetsPasswordPolicy } from '@/lib/password/password-rules';
import { describeIdentityError, toIdentityError } from '../utils/identity-errors';
import { CodeInput } from './code-input';
import { FormAlert } from './form-alert';
import { FormField } from './form-field';
import { SubmitButton } from './submit-button';

/** The text of a failed step: an expired step (its session lasts minutes) says to start again. */
function stepError(error: unknown, t: ReturnType<typeof useTranslation>['t'], wrongCode?: TranslationKey): string {
  const identityError = toIdentityError(error);
  if (identityError.code === 'NotAuthorizedException' && /session/i.test(identityError.message)) {
    return t('auth.errors.sessionExpired');
  }
  if (wrongCode && identityError.code === 'CodeMismatchException') return t(wrongCode);
  return describeIdentityError(identityError, t);
}

function StepActions({ pending, submit, onRestart }: { pending: boolean; submit: string; onRestart: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3">
      <SubmitButton pending={pending}>{submit}</SubmitButton>
      <Button type="button" variant="ghost" onClick={onRestart}>
        {t('auth.login.restart')}
      </Button>
    </div>
  );
}

/**
 * NEW_PASSWORD_REQUIRED: the account was created with a temporary password; the user chooses their
 * own (the provider's rules and strength check apply) before the sign-in completes.
 */
export function NewPasswordStep({
  email,
  onSubmit,
  onRestart,
}: {
  email: string;
  onSubmit: (newPassword: string) => Promise<void>;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: { message: string }; confirm?: { message: string } }>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const found = {
      password: meetsPasswordPolicy(password) ? undefined : { message: 'auth.validation.passwordPolicy' },
      confirm: !confirm
        ? { message: 'auth.validation.confirmPasswordRequired' }
        : confirm !== password
          ? { message: 'auth.validation.passwordMismatch' }
          : undefined,
    };
    setErrors(found);
    if (found.password || found.confirm) return;
    setPending(true);
    try {
      await onSubmit(password);
    } catch (error) {
      setFailure(stepError(error, t));
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" noValidate onSubmit={(event) => void submit(event)} aria-busy={pending || undefined}>
      <fieldset disabled={pending} className="grid gap-5">
        <legend className="mb-2 text-sm text-muted-foreground">{t('auth.login.newPassword.lead')}</legend>
        <FormField
          label={t('auth.fields.newPassword')}
          error={errors.password}
          hint={<NewPasswordHint value={password} email={email} />}
        >
          {(control) => (
            <PasswordInput
              {...control}
              ref={first}
              name="new-password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </FormField>
        <FormField label={t('auth.fields.repeatPassword')} error={errors.confirm}>
          {(control) => (
            <PasswordInput
              {...control}
              name="confirm-password"
              autoComplete="new-password"
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
            />
          )}
        </FormField>
        <StepActions pending={pending} submit={t('auth.login.newPassword.submit')} onRestart={onRestart} />
        {failure ? (
          <FormAlert tone="error">
            <p>{failure}</p>
          </FormAlert>
        ) : null}
      </fieldset>
    </form>
  );
}

/** SOFTWARE_TOKEN_MFA: the six-digit code of the authenticator app set up on the profile. */
export function TotpStep({
  onSubmit,
  onRestart,
}: {
  onSubmit: (code: string) => Promise<void>;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ message: string } | undefined>();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    if (!/^\d{6}$/.test(code)) {
      setError({ message: 'auth.validation.codeLength' });
      input.current?.focus();
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      await onSubmit(code);
    } catch (caught) {
      setFailure(stepError(caught, t, 'auth.errors.totpMismatch'));
      setCode('');
      setPending(false);
      requestAnimationFrame(() => input.current?.focus());
      return;
    }
    setPending(false);
  }

  return (
    <form method="post" noValidate onSubmit={(event) => void submit(event)} aria-busy={pending || undefined}>
      <fieldset disabled={pending} className="grid gap-5">
        <legend className="mb-2 text-sm text-muted-foreground">{t('auth.login.totp.lead')}</legend>
        <FormField label={t('auth.login.totp.code')} error={error} hint={t('auth.login.totp.lost')}>
          {(control) => (
            <CodeInput
              {...control}
              ref={input}
              name="totp-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
        </FormField>
        <StepActions pending={pending} submit={t('auth.login.totp.submit')} onRestart={onRestart} />
        {failure ? (
          <FormAlert tone="error">
            <p>{failure}</p>
          </FormAlert>
        ) : null}
      </fieldset>
    </form>
  );
}
