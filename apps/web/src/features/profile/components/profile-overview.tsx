import { Building2Icon, KeyRoundIcon, PencilIcon, UserCogIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useLanguage } from '@/hooks/use-language';
import { countryName } from '@/lib/countries';
import { useTranslation } from '@/lib/i18n';
import type { UserProfile } from '@/lib/profile/user-profile';
import { formatRelativeTime } from '@/lib/relative-time';
import { cn } from '@/lib/utils';
import { useNow } from '../hooks/use-now';
import type { ProfileDrawer } from '../profile-drawers';
import { ArchivedAgreementsSection } from './archived-agreements-section';
import { DataExportSection } from './data-export-section';
import { DeleteAccountSection } from './delete-account-section';
import { ProfileDrawerSheet } from './profile-drawer-sheet';
import { SecuritySection } from './security-section';

function LastUpdated({ updatedAt }: { updatedAt: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const now = useNow();
  const time = Date.parse(updatedAt);
  if (Number.isNaN(time)) return null;
  // A save made a moment ago may carry a server time slightly ahead of this clock.
  const relative = formatRelativeTime(time, language, Math.max(now, time));
  return (
    <time dateTime={updatedAt} title={new Date(time).toLocaleString(language)}>
      {t('profile.lastUpdated', { relative })}
    </time>
  );
}

function SectionCard({
  icon: Icon,
  title,
  description,
  onEdit,
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  onEdit: () => void;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card className={cn('flex flex-col', className)}>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="flex min-w-0 flex-col gap-1">
            <CardTitle>{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </div>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={onEdit}
          aria-label={t('profile.editSection', { section: title })}
          className="max-sm:size-9 max-sm:px-0"
        >
          <PencilIcon aria-hidden="true" />
          <span className="max-sm:hidden">{t('profile.edit')}</span>
        </Button>
      </CardHeader>
      <CardContent className="flex-1">{children}</CardContent>
    </Card>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

export function ProfileOverview({
  profile,
  drawer,
  onDrawerChange,
}: {
  profile: UserProfile;
  drawer: ProfileDrawer | null;
  onDrawerChange: (drawer: ProfileDrawer | null) => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const notSet = <span className="text-muted-foreground">{t('profile.notSet')}</span>;
  const streetLine = [profile.street, profile.houseNumber].filter(Boolean).join(' ');
  const cityLine = [profile.postalCode, profile.city].filter(Boolean).join(' ');

  return (
    <Page
      title={t('profile.title')}
      lead={
        <span className="flex flex-wrap gap-x-3 gap-y-1 text-base">
          <span className="font-medium text-foreground">{profile.email}</span>
          {profile.updatedAt ? (
            <span className="text-muted-foreground">
              <LastUpdated updatedAt={profile.updatedAt} />
            </span>
          ) : null}
        </span>
      }
    >
      <div className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2">
        <SectionCard
          icon={Building2Icon}
          title={t('profile.masterData.title')}
          description={t('profile.masterData.description')}
          onEdit={() => onDrawerChange('profile')}
          className="md:col-span-2"
        >
          <dl className="grid gap-4 sm:grid-cols-3">
            <Detail term={t('profile.masterData.fields.organisationName')}>{profile.organisationName ?? notSet}</Detail>
            <Detail term={t('profile.masterData.fields.address')}>
              {streetLine || cityLine || profile.country ? (
                <>
                  {streetLine ? <span className="block">{streetLine}</span> : null}
                  {cityLine ? <span className="block">{cityLine}</span> : null}
                  {profile.country ? <span className="block">{countryName(profile.country, language)}</span> : null}
                </>
              ) : (
                notSet
              )}
            </Detail>
            <Detail term={t('profile.masterData.fields.phone')}>{profile.phoneNumber ?? notSet}</Detail>
          </dl>
        </SectionCard>

        <SectionCard
          icon={UserCogIcon}
          title={t('profile.role.title')}
          description={t('profile.role.description')}
          onEdit={() => onDrawerChange('role')}
        >
          <dl>
            <Detail term={t('profile.role.current')}>
              {profile.role ? (
                <>
                  <span className="font-semibold">{t(`roles.${profile.role}`)}</span>
                  <span className="mt-1 block text-sm text-muted-foreground">
                    {t(`profile.roleOptions.${profile.role}`)}
                  </span>
                </>
              ) : (
                <span className="text-muted-foreground">{t('profile.role.none')}</span>
              )}
            </Detail>
          </dl>
        </SectionCard>

        <SectionCard
          icon={KeyRoundIcon}
          title={t('profile.password.title')}
          description={t('profile.security.password.cardDescription')}
          onEdit={() => onDrawerChange('password')}
        >
          <p aria-hidden="true" className="font-mono text-lg tracking-widest text-muted-foreground">
            ••••••••••
          </p>
        </SectionCard>
      </div>

      <SecuritySection email={profile.email} />
      <ArchivedAgreementsSection />
      <DataExportSection />
      <DeleteAccountSection sub={profile.cognitoId} />

      <ProfileDrawerSheet profile={profile} drawer={drawer} onDrawerChange={onDrawerChange} />
    </Page>
  );
}
