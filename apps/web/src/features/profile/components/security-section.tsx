import { ShieldIcon } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { DevicesPanel } from './devices-panel';
import { TwoFactorPanel } from './two-factor-panel';

/** "Sicherheit": two-factor sign-in and the signed-in devices (issue 21, point 6). */
export function SecuritySection({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="security-heading"
      className="mt-10 flex flex-col gap-6 rounded-xl border border-border p-6"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
          <ShieldIcon className="size-5" aria-hidden="true" />
        </span>
        <div className="flex flex-col gap-1">
          <h2 id="security-heading" className="text-lg font-semibold tracking-tight">
            {t('profile.security.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('profile.security.description')}</p>
        </div>
      </div>
      <div className="grid gap-8 md:grid-cols-2">
        <TwoFactorPanel email={email} />
        <DevicesPanel />
      </div>
    </section>
  );
}
