import { useQuery } from '@tanstack/react-query';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useTranslation } from '@/lib/i18n';
import { profileErrorMessage } from '@/lib/profile/profile-errors';
import { userProfileQueryOptions } from '@/lib/profile/user-profile';
import { archivedAgreementsQueryOptions } from '../api/archived-agreements';
import type { ProfileDrawer } from '../profile-drawers';
import { ProfileOverview } from './profile-overview';

/**
 * Spec "Profile": 'Loading...' while the profile loads, 'Error: {message}' when it cannot. The list
 * of retained agreements loads alongside and is waited for too, so that its section (shown only
 * when there are some) does not push the page down after it has appeared.
 */
export function ProfilePage({
  drawer,
  onDrawerChange,
}: {
  drawer: ProfileDrawer | null;
  onDrawerChange: (drawer: ProfileDrawer | null) => void;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const query = useQuery({ ...userProfileQueryOptions(user?.sub ?? ''), enabled: user !== null });
  const archive = useQuery({ ...archivedAgreementsQueryOptions(), enabled: user !== null });
  // Only the first attempt is waited for: after a failure the section shows its own error.
  const archiveFirstLoad = archive.isPending && archive.failureCount === 0 && archive.errorUpdateCount === 0;

  if (query.isPending || (archiveFirstLoad && !query.isError)) {
    return (
      <Page title={t('profile.title')}>
        <p role="status" className="mt-8 text-muted-foreground">
          {t('profile.loading')}
        </p>
      </Page>
    );
  }

  if (query.isError) {
    return (
      <Page title={t('profile.title')}>
        <div className="mt-8 flex flex-col items-start gap-4">
          <p role="alert" className="font-medium text-destructive">
            {t('profile.loadError', { message: profileErrorMessage(query.error, 'fetch', t) })}
          </p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </Page>
    );
  }

  return <ProfileOverview profile={query.data} drawer={drawer} onDrawerChange={onDrawerChange} />;
}
