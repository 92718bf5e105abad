import { Link } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { dropHeldSubmit, takeHeldSubmit } from '@/lib/early-submit';
import { PasswordInput } from '@/components/password/password-input';
import { useTranslation } from '@/lib/i18n';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { useIdentity } from '../hooks/use-identity';
import { describeIdentityError, MISSING_TOKEN_CODE, toIdentityError } from '../utils/identity-errors';
import type { LoginValues, loginSchema } from '../utils/schemas';
import type { SignInStep } from '../api/identity-client';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';
import { FormField } from './form-field';
import { NewPasswordStep, TotpStep } from './login-steps';
import { SubmitButton } from './submit-button';
import { textLinkClass } from './text-link';

type Field = keyof LoginValues;
const FIELDS: Field[] = ['email', 'password'];
type FieldErrors = Partial<Record<Field, { message: string }>>;

// The schemas (and zod) are loaded once the form is used, not with the page.
let schemas: Promise<typeof import('../utils/schemas')> | null = null;
const loadSchemas = () => (schemas ??= import('../utils/schemas'));

/** The messages (i18n keys) of loginSchema per field; none when the values are valid. */
function validate(schema: typeof loginSchema, values: LoginValues): FieldErrors {
  const result = schema.safeParse(values);
  const errors: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as Field;
    errors[field] ??= { message: issue.message };
  }
  return errors;
}

/**
 * Spec "Login": e-mail and password; after the sign-in the profile decides where the user goes
 * (see useCompleteSignIn). A not yet confirmed address is offered the way to the verify page. When
 * the provider asks for a further step, its form replaces this one (login-steps.tsx).
 * Two fields, so a plain controlled form with loginSchema rather than react-hook-form, which would
 * add ~15 kB to the first page (docs/decisions/006-bundle-budget.md); it behaves the same: checked
 * on submit, then again on every change, the first invalid field focused.
 */
export function LoginPage({ email: initialEmail, redirect }: { email?: string; redirect?: string }) {
  const { t } = useTranslation();
  const identity = useIdentity();
  const completeSignIn = useCompleteSignIn();
  const [values, setValues] = useState<LoginValues>({ email: initialEmail ?? '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [rootError, setRootError] = useState<string | null>(null);
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const [focusField, setFocusField] = useState<{ name: Field } | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  /** A further step the provider asks for after the password (a new password, the app's code). */
  const [stage, setStage] = useState<'credentials' | 'newPassword' | 'totp'>('credentials');

  useEffect(() => identity.preload(), [identity]);

  // After the submission, once the fieldset is enabled again.
  useEffect(() => {
    if (!focusField) return;
    const input = inputs.current[focusField.name];
    input?.focus();
    input?.select();
  }, [focusField]);

  function change(field: Field, value: string): void {
    const next = { ...typedValues(), [field]: value };
    setValues(next);
    if (!submitted) return;
    void loadSchemas().then(({ loginSchema: schema }) =>
      setErrors((current) => ({ ...current, [field]: validate(schema, next)[field] })),
    );
  }

  /**
   * Taking the prerendered form over: what the visitor typed before the app started is in the
   * inputs, not in the state (hydration leaves the DOM's values), and would vanish at the next
   * render; a submission before the start (lib/early-submit.ts) is made now. The held one is taken
   * a task later, after the event React may be dispatching to onSubmit while it hydrates.
   */
  const takeOver = useEffectEvent(() => {
    const typed = typedValues();
    if (typed.email !== values.email || typed.password !== values.password) setValues(typed);
    const timer = setTimeout(() => {
      const held = takeHeldSubmit(window.location.pathname);
      if (!held) return;
      const heldValues = { email: held.email ?? '', password: held.password ?? '' };
      setValues(heldValues);
      void signIn(heldValues);
    });
    return () => clearTimeout(timer);
  });
  useEffect(() => takeOver(), []);

  /** What the inputs show: the state's values, but also while React hydrates, when it has not read them yet. */
  function typedValues(): LoginValues {
    return {
      email: inputs.current.email?.value ?? values.email,
      password: inputs.current.password?.value ?? values.password,
    };
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    dropHeldSubmit();
    await signIn(typedValues());
  }

  async function signIn(credentials: LoginValues): Promise<void> {
    setSubmitted(true);
    setRootError(null);
    setSubmitting(true);
    const { loginSchema: schema } = await loadSchemas();
    const found = validate(schema, credentials);
    setErrors(found);
    const invalid = FIELDS.find((field) => found[field]);
    if (invalid) {
      setSubmitting(false);
      setFocusField({ name: invalid });
      return;
    }
    const parsed = schema.parse(credentials);
    setUnconfirmedEmail(null);
    try {
      let step: SignInStep;
      try {
        step = await identity.signIn(parsed);
      } catch (caught) {
        const error = toIdentityError(caught);
        if (error.code === MISSING_TOKEN_CODE) {
          setRootError(t('auth.login.missingToken'));
          return;
        }
        if (error.code === 'UserNotConfirmedException') setUnconfirmedEmail(parsed.email);
        setRootError(t('auth.login.error', { error: describeIdentityError(error, t) }));
        return;
      }
      await advance(step);
    } finally {
      setSubmitting(false);
    }
  }

  /** Shows the next step's form, or completes the sign-in. Errors of a step's call stay with its form. */
  async function advance(step: SignInStep): Promise<void> {
    if (step.kind === 'newPasswordRequired') {
      setStage('newPassword');
      return;
    }
    if (step.kind === 'totpRequired') {
      setStage('totp');
      return;
    }
    toast.success(t('auth.login.success'));
    await completeSignIn(step.user, redirect);
  }

  function restart(): void {
    setStage('credentials');
    setValues((current) => ({ ...current, password: '' }));
    setFocusField({ name: 'password' });
  }

  if (stage !== 'credentials') {
    return (
      <AuthCard
        title={stage === 'newPassword' ? t('auth.login.newPassword.title') : t('auth.login.totp.title')}
        lead={values.email}
      >
        {stage === 'newPassword' ? (
          <NewPasswordStep
            email={values.email}
            onSubmit={async (newPassword) => advance(await identity.completeNewPassword({ newPassword }))}
            onRestart={restart}
          />
        ) : (
          <TotpStep onSubmit={async (code) => advance(await identity.sendTotpCode({ code }))} onRestart={restart} />
        )}
      </AuthCard>
    );
  }

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
      {/* method: submitted before the script has taken the prerendered form over, the password must not go into a URL. */}
      <form
        method="post"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        onFocus={() => void loadSchemas()}
        aria-busy={isSubmitting || undefined}
      >
        <fieldset disabled={isSubmitting} className="grid gap-5">
          <FormField label={t('auth.fields.email')} error={errors.email}>
            {(control) => (
              <Input
                {...control}
                ref={(element) => {
                  inputs.current.email = element;
                }}
                name="email"
                value={values.email}
                onChange={(event) => change('email', event.target.value)}
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
            {(control) => (
              <PasswordInput
                {...control}
                ref={(element) => {
                  inputs.current.password = element;
                }}
                name="password"
                value={values.password}
                onChange={(event) => change('password', event.target.value)}
                autoComplete="current-password"
              />
            )}
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
