import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheckIcon, ShieldOffIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useRuntimeConfig } from '@/config/runtime-config-provider';
import { identityErrorText } from '@/lib/identity-error-text';
import { useTranslation } from '@/lib/i18n';
import {
  AccountSecurityError,
  finishTotpSetup,
  startTotpSetup,
  totpStatusQueryOptions,
  turnOffTotp,
} from '../api/account-security';
import { QrCode } from './qr-code';

/** The otpauth:// address that authenticator apps read from the QR code (Key Uri Format). */
function otpauthUri(secret: string, email: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${email}`);
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: '6', period: '30' });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** The key in groups of four, easier to type; the app ignores the spaces. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

function SetupForm({ email, secret, onDone }: { email: string; secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const queryClient = useQueryClient();
  const secretId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const confirm = useMutation({ mutationFn: (value: string) => finishTotpSetup(config, value) });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(t('auth.validation.codeLength'));
      return;
    }
    setError(undefined);
    try {
      await confirm.mutateAsync(code);
    } catch (caught) {
      const name = caught instanceof AccountSecurityError ? caught.code : '';
      setError(
        name === 'EnableSoftwareTokenMFAException' || name === 'CodeMismatchException'
          ? t('profile.security.totp.codeWrong')
          : t('profile.security.totp.failed', { message: identityErrorText(caught, t) }),
      );
      setCode('');
      return;
    }
    toast.success(t('profile.security.totp.turnedOn'));
    await queryClient.invalidateQueries({ queryKey: totpStatusQueryOptions(config).queryKey });
    onDone();
  }

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
      <p className="text-sm">{t('profile.security.totp.scan')}</p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <QrCode value={otpauthUri(secret, email, t('common.appName'))} label={t('profile.security.totp.qrLabel')} />
        <div className="flex min-w-0 flex-col gap-1">
          <span id={secretId} className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {t('profile.security.totp.secretLabel')}
          </span>
          <code aria-labelledby={secretId} data-totp-secret={secret} className="font-mono text-base break-words">
            {grouped(secret)}
          </code>
        </div>
      </div>
      <fieldset disabled={confirm.isPending} className="flex flex-col gap-4">
        <Field label={t('profile.security.totp.code')} error={error}>
          {(control) => (
            <Input
              {...control}
              name="totp-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              className="max-w-40 font-mono tracking-[0.3em]"
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button type="submit">{t('profile.security.totp.confirm')}</Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            {t('profile.security.totp.cancel')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

/** Two-factor sign-in with an authenticator app (TOTP): its state, the set-up, turning it off. */
export function TwoFactorPanel({ email }: { email: string }) {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const queryClient = useQueryClient();
  const status = useQuery(totpStatusQueryOptions(config));
  const [secret, setSecret] = useState<string | null>(null);
  const onFailure = (error: unknown) =>
    toast.error(t('profile.security.totp.failed', { message: identityErrorText(error, t) }));
  const start = useMutation({ mutationFn: () => startTotpSetup(config), onSuccess: setSecret, onError: onFailure });
  const turnOff = useMutation({
    mutationFn: () => turnOffTotp(config),
    onSuccess: async () => {
      toast.success(t('profile.security.totp.turnedOff'));
      await queryClient.invalidateQueries({ queryKey: totpStatusQueryOptions(config).queryKey });
    },
    onError: onFailure,
  });

  return (
    <section aria-labelledby="totp-heading" className="flex flex-col gap-3">
      <h3 id="totp-heading" className="font-semibold">
        {t('profile.security.totp.title')}
      </h3>
      {status.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('profile.security.totp.loading')}
        </p>
      ) : status.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t('profile.security.totp.failed', { message: identityErrorText(status.error, t) })}
        </p>
      ) : secret ? (
        <SetupForm email={email} secret={secret} onDone={() => setSecret(null)} />
      ) : (
        <>
          <p className="flex items-start gap-2 text-sm" data-totp-enabled={status.data}>
            {status.data ? (
              <ShieldCheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            ) : (
              <ShieldOffIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            )}
            {status.data ? t('profile.security.totp.on') : t('profile.security.totp.off')}
          </p>
          <div>
            {status.data ? (
              <Button variant="outline" disabled={turnOff.isPending} onClick={() => turnOff.mutate()}>
                {t('profile.security.totp.turnOff')}
              </Button>
            ) : (
              <Button variant="outline" disabled={start.isPending} onClick={() => start.mutate()}>
                {t('profile.security.totp.setUp')}
              </Button>
            )}
          </div>
        </>
      )}
      <p className="text-xs text-muted-foreground">{t('profile.security.totp.recovery')}</p>
    </section>
  );
}
