import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { UserIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { useLanguage } from '@/hooks/use-language';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { settingsQueryOptions, useUpdateSettings } from '@/lib/settings/settings';

/**
 * The signed-in part of the settings panel: chat e-mail notices on or off and the way to the profile.
 * It also keeps the account's language (used for its mails) in step with the language chosen here.
 */
export function AccountSettings({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const settings = useQuery(settingsQueryOptions());
  const update = useUpdateSettings();
  const noticesId = useId();
  const serverLanguage = settings.data?.language;
  // The box follows the click at once (the server's answer comes later and is put back on failure).
  const [noticesChoice, setNoticesChoice] = useState<boolean | null>(null);
  const notices = noticesChoice ?? settings.data?.chat_email_notices ?? true;
  const { mutate } = update;

  useEffect(() => {
    if (serverLanguage && serverLanguage !== language) mutate({ language });
  }, [serverLanguage, language, mutate]);

  return (
    <div className="mt-3 grid gap-3 border-t border-border pt-3">
      {settings.isSuccess ? (
        <div className="flex items-start gap-2">
          <input
            id={noticesId}
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={notices}
            onChange={(event) => {
              const wanted = event.target.checked;
              setNoticesChoice(wanted);
              update.mutate(
                { chat_email_notices: wanted },
                {
                  onError: (error) => {
                    setNoticesChoice(null);
                    toast.error(t('settings.saveFailed', { message: getErrorMessage(error, t) }));
                  },
                },
              );
            }}
          />
          <label htmlFor={noticesId} className="text-sm">
            <span className="font-medium">{t('settings.chatNotices')}</span>
            <span className="block text-xs text-muted-foreground">{t('settings.chatNoticesHint')}</span>
          </label>
        </div>
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
