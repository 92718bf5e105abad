import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LaptopIcon, LogOutIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useRuntimeConfig } from '@/config/runtime-config-provider';
import { useLanguage } from '@/hooks/use-language';
import { identityErrorText } from '@/lib/identity-error-text';
import { useTranslation } from '@/lib/i18n';
import { formatRelativeTime } from '@/lib/relative-time';
import { signOutDevice, signedInDevicesQueryOptions, type SignedInDevice } from '../api/account-security';
import { useNow } from '../hooks/use-now';
import { browserAndSystem } from '../utils/device-name';

/** The devices the user is signed in on (this one marked), each to sign out, or all others at once. */
export function DevicesPanel() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const now = useNow();
  const config = useRuntimeConfig();
  const queryClient = useQueryClient();
  const devices = useQuery(signedInDevicesQueryOptions(config));
  const refresh = () => queryClient.invalidateQueries({ queryKey: signedInDevicesQueryOptions(config).queryKey });
  const onError = (error: unknown) =>
    toast.error(t('profile.security.devices.signOutFailed', { message: identityErrorText(error, t) }));
  const signOut = useMutation({
    mutationFn: (key: string) => signOutDevice(config, key),
    onSuccess: async () => {
      toast.success(t('profile.security.devices.signedOut'));
      await refresh();
    },
    onError,
  });
  const signOutOthers = useMutation({
    mutationFn: async (others: SignedInDevice[]) => {
      for (const device of others) await signOutDevice(config, device.key);
    },
    onSuccess: () => toast.success(t('profile.security.devices.othersSignedOut')),
    onError,
    onSettled: refresh,
  });

  const nameOf = (device: SignedInDevice) => {
    const parts = browserAndSystem(device.name);
    return parts ? t('profile.security.devices.name', parts) : t('profile.security.devices.unknown');
  };
  const others = devices.data?.filter((device) => !device.current) ?? [];
  const busy = signOut.isPending || signOutOthers.isPending;

  return (
    <section aria-labelledby="devices-heading" className="flex flex-col gap-3">
      <h3 id="devices-heading" className="font-semibold">
        {t('profile.security.devices.title')}
      </h3>
      {devices.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('profile.security.totp.loading')}
        </p>
      ) : devices.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t('profile.security.devices.loadFailed', { message: identityErrorText(devices.error, t) })}
        </p>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {devices.data.map((device) => {
              const name = nameOf(device);
              return (
                <li key={device.key} className="flex items-center gap-3 p-3" data-device-current={device.current}>
                  <LaptopIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span className="font-medium" title={device.name || undefined}>
                      {name}
                      {device.current ? (
                        <span className="ml-2 inline-block rounded-full bg-secondary px-2 py-0.5 text-xs font-medium whitespace-nowrap text-primary">
                          {t('profile.security.devices.current')}
                        </span>
                      ) : null}
                    </span>
                    <span className="text-sm text-muted-foreground">
                      {t('profile.security.devices.lastUsed', {
                        relative: formatRelativeTime(
                          device.lastUsed,
                          language,
                          Math.max(now, device.lastUsed.getTime()),
                        ),
                      })}
                    </span>
                  </div>
                  {device.current ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      onClick={() => signOut.mutate(device.key)}
                      aria-label={t('profile.security.devices.signOutLabel', { device: name })}
                    >
                      <LogOutIcon aria-hidden="true" />
                      <span className="max-sm:hidden">{t('profile.security.devices.signOut')}</span>
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          {others.length > 0 ? (
            <div>
              <Button variant="outline" disabled={busy} onClick={() => signOutOthers.mutate(others)}>
                {t('profile.security.devices.signOutOthers')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
