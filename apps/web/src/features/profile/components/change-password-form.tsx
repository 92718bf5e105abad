import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { NewPasswordHint } from '@/components/password/new-password-hint';
import { PasswordInput } from '@/components/password/password-input';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useRuntimeConfig } from '@/config/runtime-config-provider';
import { identityErrorText } from '@/lib/identity-error-text';
import { useTranslation } from '@/lib/i18n';
import { meetsPasswordPolicy } from '@/lib/password/password-rules';
import { AccountSecurityError, changePassword, signedInDevicesQueryOptions } from '../api/account-security';

type Errors = { current?: string; password?: string; confirm?: string };

/**
 * Issue 21, point 6: the password is changed with the current one (the provider's ChangePassword),
 * not with an e-mailed code. The new one gets the rules and the strength meter of the sign-up; the
 * provider ends the other devices' sessions, so the device list is read again.
 */
export function ChangePasswordForm({ email, onDone }: { email: string; onDone: () => void }) {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ current: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => changePassword(config, { currentPassword: values.current, newPassword: values.password }),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const found: Errors = {
      current: values.current ? undefined : t('profile.security.password.currentRequired'),
      password: meetsPasswordPolicy(values.password) ? undefined : t('auth.validation.passwordPolicy'),
      confirm: !values.confirm
        ? t('auth.validation.confirmPasswordRequired')
        : values.confirm !== values.password
          ? t('auth.validation.passwordMismatch')
          : undefined,
    };
    setErrors(found);
    if (found.current || found.password || found.confirm) return;
    try {
      await mutation.mutateAsync();
    } catch (error) {
      const code = error instanceof AccountSecurityError ? error.code : '';
      if (code === 'NotAuthorizedException') setErrors({ current: t('profile.security.password.wrongCurrent') });
      else if (code === 'InvalidPasswordException') setErrors({ password: t('auth.errors.invalidPassword') });
      else setFailure(t('profile.security.password.failed', { message: identityErrorText(error, t) }));
      return;
    }
    toast.success(t('profile.security.password.changed'));
    void queryClient.invalidateQueries({ queryKey: signedInDevicesQueryOptions(config).queryKey });
    onDone();
  }

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form className="flex flex-col gap-5" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset disabled={mutation.isPending} className="flex flex-col gap-5">
        <Field label={t('profile.security.password.current')} error={errors.current}>
          {(control) => (
            <PasswordInput
              {...control}
              name="current-password"
              autoComplete="current-password"
              value={values.current}
              onChange={set('current')}
            />
          )}
        </Field>
        <div className="flex flex-col gap-2">
          <Field label={t('auth.fields.newPassword')} error={errors.password}>
            {(control) => (
              <PasswordInput
                {...control}
                name="new-password"
                autoComplete="new-password"
                value={values.password}
                onChange={set('password')}
              />
            )}
          </Field>
          <div className="text-sm text-muted-foreground">
            <NewPasswordHint value={values.password} email={email} />
          </div>
        </div>
        <Field label={t('auth.fields.repeatPassword')} error={errors.confirm}>
          {(control) => (
            <PasswordInput
              {...control}
              name="confirm-password"
              autoComplete="new-password"
              value={values.confirm}
              onChange={set('confirm')}
            />
          )}
        </Field>
        {failure ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {failure}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit">{t('profile.security.password.submit')}</Button>
        </div>
      </fieldset>
    </form>
  );
}
