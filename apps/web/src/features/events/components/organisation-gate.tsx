import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { profileErrorMessage } from '@/lib/profile/profile-errors';
import { useOrganiserProfile } from '../hooks/use-organiser-profile';
import { EventPage } from './event-page';
import { Notice } from './notice';

/** Renders `children` with the user's organisation id once the profile is there. */
export function OrganisationGate({
  title,
  width,
  children,
}: {
  /** Page title while the profile loads or when it cannot be used. */
  title: string;
  width?: 'narrow' | 'wide';
  children: (organisationId: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const profile = useOrganiserProfile();

  if (profile.isPending) {
    return (
      <EventPage title={title} width={width}>
        <p role="status" className="mt-8 text-muted-foreground">
          {t('common.loading')}
        </p>
      </EventPage>
    );
  }
  if (profile.isError) {
    return (
      <EventPage title={title} width={width}>
        <div className="mt-8 flex flex-col items-start gap-4">
          <Notice tone="error">
            {t('events.errors.prefixed', { message: profileErrorMessage(profile.error, 'fetch', t) })}
          </Notice>
          <Button variant="outline" onClick={() => void profile.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </EventPage>
    );
  }
  if (profile.data.organisationId === null) {
    return (
      <EventPage title={title} width={width}>
        <Notice tone="error" className="mt-8">
          {t('events.errors.noOrganisation')}
        </Notice>
      </EventPage>
    );
  }
  return children(profile.data.organisationId);
}
