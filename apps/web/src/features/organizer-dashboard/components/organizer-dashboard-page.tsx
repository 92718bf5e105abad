import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useTranslation } from '@/lib/i18n';
import { OpenTasksCard } from './open-tasks-card';
import { TeamSizeCard } from './team-size-card';
import { UnansweredMessagesCard } from './unanswered-messages-card';

/** Spec "Organiser dashboard": unanswered messages, team size and open tasks, from real data. */
export function OrganizerDashboardPage({
  organisationId,
  teamSize,
  extraCards = null,
}: {
  organisationId: number;
  /** 'pending' while the member list is loading, null when it failed. */
  teamSize: number | 'pending' | null;
  /** Cards of other features, after the spec's three (the route composes them). */
  extraCards?: ReactNode;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t('organizer.dashboard.title'));
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('organizer.dashboard.title')}</h1>
      <p className="mt-1 text-muted-foreground">{t('organizer.dashboard.lead')}</p>
      <div className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <UnansweredMessagesCard />
        <TeamSizeCard count={teamSize} />
        <OpenTasksCard organisationId={organisationId} />
        {extraCards}
      </div>
    </div>
  );
}
