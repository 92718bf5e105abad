import { InfoIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { MasterData, Role } from '@sp/shared';
import { MasterDataForm, masterDataDefaults } from '@/components/profile/master-data-form';
import { RoleOptions } from '@/components/profile/role-options';
import { Button } from '@/components/ui/button';
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { useTranslation } from '@/lib/i18n';
import { profileErrorMessage } from '@/lib/profile/profile-errors';
import type { UserProfile } from '@/lib/profile/user-profile';
import { useUpdateUserProfile } from '../api/update-user-profile';
import type { ProfileDrawer } from '../profile-drawers';
import { ChangePasswordForm } from './change-password-form';

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
      invoicing={profile.role === 'veranstalter' || profile.role === 'beides'}
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

const TEXTS = {
  profile: { title: 'profile.masterData.editTitle', description: 'profile.masterData.description' },
  role: { title: 'profile.role.editTitle', description: 'profile.role.description' },
  password: { title: 'profile.password.editTitle', description: 'profile.security.password.editDescription' },
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
            {drawer === 'password' ? <ChangePasswordForm email={profile.email} onDone={close} /> : null}
          </SheetBody>
        </SheetContent>
      ) : null}
    </Sheet>
  );
}
