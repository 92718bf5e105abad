import { useRouter } from '@tanstack/react-router';
import { ExternalLinkIcon, InfoIcon, MailIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { MasterData, Role } from '@sp/shared';
import { MasterDataForm, masterDataDefaults } from '@/components/profile/master-data-form';
import { RoleOptions } from '@/components/profile/role-options';
import { Button } from '@/components/ui/button';
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { useRuntimeConfig } from '@/config/runtime-config-provider';
import { useLanguage } from '@/hooks/use-language';
import { identityErrorText } from '@/lib/identity-error-text';
import { useTranslation } from '@/lib/i18n';
import { profileErrorMessage } from '@/lib/profile/profile-errors';
import type { UserProfile } from '@/lib/profile/user-profile';
import { useSendPasswordResetCode } from '../api/send-password-reset-code';
import { useUpdateUserProfile } from '../api/update-user-profile';
import type { ProfileDrawer } from '../profile-drawers';

/** A radio group is entered at its checked option, not at its first one. */
function focusCheckedRadio(event: Event): void {
  const container = event.currentTarget;
  const checked = container instanceof HTMLElement ? container.querySelector('input[type="radio"]:checked') : null;
  if (!(checked instanceof HTMLElement)) return;
  event.preventDefault();
  checked.focus();
}

type PanelProps = { profile: UserProfile; onDone: () => void };

function MasterDataPanel({ profile, onDone }: PanelProps) {
  const { t } = useTranslation();
  const update = useUpdateUserProfile(profile.cognitoId);
  const isOwner = profile.organisationRole === 'owner';

  async function save(values: MasterData): Promise<void> {
    await update.mutateAsync(values);
    toast.success(t('profile.saved'));
    onDone();
  }

  return (
    <MasterDataForm
      defaultValues={masterDataDefaults(profile)}
      onSubmit={save}
      onUnhandledError={(error) => toast.error(profileErrorMessage(error, 'update', t))}
      submitLabel={t('profile.masterData.save')}
      disabled={!isOwner}
      notice={
        isOwner ? null : (
          <p className="flex gap-3 rounded-lg border border-border bg-muted p-4 text-sm">
            <InfoIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {t('profile.masterData.ownerOnly')}
          </p>
        )
      }
    />
  );
}

function RolePanel({ profile, onDone }: PanelProps) {
  const { t } = useTranslation();
  const update = useUpdateUserProfile(profile.cognitoId);
  const [role, setRole] = useState<Role | null>(profile.role);

  async function save(): Promise<void> {
    if (!role) return;
    try {
      await update.mutateAsync({ role });
      toast.success(t('profile.saved'));
      onDone();
    } catch (error) {
      toast.error(profileErrorMessage(error, 'update', t));
    }
  }

  return (
    <form
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <RoleOptions
        value={role}
        onChange={setRole}
        legend={t('profile.roleOptions.legend')}
        columns={1}
        disabled={update.isPending}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={!role || role === profile.role || update.isPending}>
          {t('profile.role.save')}
        </Button>
      </div>
    </form>
  );
}

function PasswordPanel({
  profile,
  mutation,
}: {
  profile: UserProfile;
  mutation: ReturnType<typeof useSendPasswordResetCode>;
}) {
  const { t } = useTranslation();
  const router = useRouter();
  const [language] = useLanguage();
  const resetHref = router.buildLocation({ to: '/reset-password/$email', params: { email: profile.email } }).href;

  function send(): void {
    mutation.mutate(
      { email: profile.email, language },
      { onSuccess: () => window.open(resetHref, '_blank', 'noopener') },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm leading-relaxed">{t('profile.password.explanation', { email: profile.email })}</p>
      <Button onClick={send} disabled={mutation.isPending || mutation.isSuccess} className="self-start">
        <MailIcon aria-hidden="true" />
        {mutation.isPending ? t('profile.password.sending') : t('profile.password.send')}
      </Button>
      <div aria-live="polite" className="text-sm">
        {mutation.isSuccess ? (
          <div className="flex flex-col gap-2 rounded-lg border border-success/30 bg-green-50 p-4">
            <p className="font-medium text-success">{t('profile.password.sent')}</p>
            <a
              href={resetHref}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('profile.password.openResetPage')}
              <ExternalLinkIcon className="size-4" aria-hidden="true" />
              <span className="sr-only">{t('profile.password.newTab')}</span>
            </a>
          </div>
        ) : null}
      </div>
      {mutation.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t('profile.password.error', { message: identityErrorText(mutation.error, t) })}
        </p>
      ) : null}
    </div>
  );
}

const TEXTS = {
  profile: { title: 'profile.masterData.editTitle', description: 'profile.masterData.description' },
  role: { title: 'profile.role.editTitle', description: 'profile.role.description' },
  password: { title: 'profile.password.editTitle', description: 'profile.password.description' },
} as const;

/** One side panel for the three edit panels; which one is open is the page's (URL's) state. */
export function ProfileDrawerSheet({
  profile,
  drawer,
  onDrawerChange,
}: {
  profile: UserProfile;
  drawer: ProfileDrawer | null;
  onDrawerChange: (drawer: ProfileDrawer | null) => void;
}) {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  // Kept here, so that the "sent" state (and the disabled button) survives closing the panel.
  const resetCode = useSendPasswordResetCode(config);
  const close = () => onDrawerChange(null);

  return (
    <Sheet open={drawer !== null} onOpenChange={(open) => (open ? undefined : close())}>
      {drawer ? (
        <SheetContent closeLabel={t('profile.close')} onOpenAutoFocus={focusCheckedRadio}>
          <SheetHeader>
            <SheetTitle>{t(TEXTS[drawer].title)}</SheetTitle>
            <SheetDescription>{t(TEXTS[drawer].description)}</SheetDescription>
          </SheetHeader>
          <SheetBody>
            {drawer === 'profile' ? <MasterDataPanel profile={profile} onDone={close} /> : null}
            {drawer === 'role' ? <RolePanel profile={profile} onDone={close} /> : null}
            {drawer === 'password' ? <PasswordPanel profile={profile} mutation={resetCode} /> : null}
          </SheetBody>
        </SheetContent>
      ) : null}
    </Sheet>
  );
}
