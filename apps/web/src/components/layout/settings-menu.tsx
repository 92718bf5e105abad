import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { UserIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { settingsQueryOptions, useUpdateSettings } from '@/lib/settings/settings';

type Switch = 'chat_email_notices' | 'fulfilment_digest';

/** One on/off setting: the box follows the click at once and is put back if saving fails. */
function SettingSwitch({ field, label, hint }: { field: Switch; label: string; hint: string }) {
  const { t } = useTranslation();
  const settings = useQuery(settingsQueryOptions());
  const update = useUpdateSettings();
  const id = useId();
  const [choice, setChoice] = useState<boolean | null>(null);
  const checked = choice ?? settings.data?.[field] ?? true;
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 accent-primary"
        checked={checked}
        onChange={(event) => {
          const wanted = event.target.checked;
          setChoice(wanted);
          update.mutate(
            { [field]: wanted },
            {
              onError: (error) => {
                setChoice(null);
                toast.error(t('settings.saveFailed', { message: getErrorMessage(error, t) }));
              },
            },
          );
        }}
      />
      <label htmlFor={id} className="text-sm">
        <span className="font-medium">{label}</span>
        <span className="block text-xs text-muted-foreground">{hint}</span>
      </label>
    </div>
  );
}

/**
 * The signed-in part of the settings panel: chat e-mail notices and the daily digest of overdue
 * deliverables on or off, and the way to the profile. It also keeps the account's language (used
 * for its mails) in step with the language chosen here.
 */
export function AccountSettings({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const settings = useQuery(settingsQueryOptions());
  const { mutate } = useUpdateSettings();
  const serverLanguage = settings.data?.language;

  useEffect(() => {
    if (serverLanguage && serverLanguage !== language) mutate({ language });
  }, [serverLanguage, language, mutate]);

  return (
    <div className="mt-3 grid gap-3 border-t border-border pt-3">
      {settings.isSuccess ? (
        <>
          <SettingSwitch
            field="chat_email_notices"
            label={t('settings.chatNotices')}
            hint={t('settings.chatNoticesHint')}
          />
          <SettingSwitch
            field="fulfilment_digest"
            label={t('settings.fulfilmentDigest')}
            hint={t('settings.fulfilmentDigestHint')}
          />
        </>
      ) : null}
      <Link
        to="/profile/"
        onClick={onDone}
        className="flex items-center gap-2 rounded-md px-1 py-1 text-sm font-medium text-primary hover:underline [&_svg]:size-4"
      >
        <UserIcon aria-hidden="true" />
        {t('settings.profileLink')}
      </Link>
    </div>
  );
}
