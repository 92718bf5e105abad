import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import type { ComponentProps, ComponentType } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { identityErrorText } from '@/lib/identity-error-text';
import { storePendingInvitation } from '@/lib/auth/pending-invitation';
import { useTranslation, type TranslationKey } from '@/lib/i18n';

export type InviteSignUp = (input: { email: string; password: string; invitationToken: string }) => Promise<void>;

export type InviteSignUpSlots = {
  /** The identity provider's sign-up (composed in by the route). */
  signUp: InviteSignUp;
  /** The password rules checklist and strength meter of the register page, when the route provides them. */
  PasswordRules?: ComponentType<{ value: string; email: string }>;
  /** The password input with its show/hide toggle, when the route provides it. */
  PasswordInput?: ComponentType<ComponentProps<'input'>>;
};

const schema = z.object({ password: z.string().min(1, { error: 'invitations.signUp.passwordRequired' }) });

function PlainPasswordInput(props: ComponentProps<'input'>) {
  return <Input {...props} type="password" />;
}

function errorCode(error: unknown): string | null {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : null;
}

/** Spec "Invite": the invited address (read-only) and a password; success goes to the verify page. */
export function InviteSignUpForm({
  email,
  token,
  signUp,
  PasswordRules,
  PasswordInput,
}: { email: string; token: string } & InviteSignUpSlots) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await signUp({ email, password, invitationToken: token });
    } catch (error) {
      const code = errorCode(error);
      if (code === 'UsernameExistsException') {
        setError('root.server', { message: t('invitations.signUp.accountExists') });
      } else if (code === 'InvalidPasswordException') {
        setError('password', { type: 'server', message: 'invitations.signUp.invalidPassword' });
      } else {
        setError('root.server', {
          message: t('invitations.signUp.failed', { error: identityErrorText(error, t) }),
        });
      }
      return;
    }
    storePendingInvitation({ token, password });
    await navigate({ to: '/verify/$email', params: { email }, search: { invited: true, token } });
  });

  const PasswordControl = PasswordInput ?? PlainPasswordInput;
  const passwordError = errors.password?.message ? t(errors.password.message as TranslationKey) : undefined;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting || undefined}>
      <fieldset disabled={isSubmitting} className="grid min-w-0 gap-5">
        <Field label={t('invitations.signUp.email')}>
          {(control) => <Input {...control} value={email} readOnly type="email" className="bg-muted" />}
        </Field>
        <div className="grid gap-2">
          <Field label={t('invitations.signUp.password')} error={passwordError}>
            {(control) => <PasswordControl {...control} {...register('password')} autoComplete="new-password" />}
          </Field>
          {PasswordRules ? (
            <div className="text-sm text-muted-foreground">
              <PasswordRules value={password} email={email} />
            </div>
          ) : null}
        </div>
        <Button type="submit" size="lg">
          {isSubmitting ? t('common.loading') : t('invitations.signUp.submit')}
        </Button>
        {errors.root?.server?.message ? (
          <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
            {errors.root.server.message}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}
