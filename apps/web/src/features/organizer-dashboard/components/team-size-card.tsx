import { UsersIcon } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { PendingValue, StatCard } from './stat-card';

/**
 * Team size (from the layout's team list), linking to the team page where people are invited.
 * `count` is 'pending' while the list loads and null when it failed.
 */
export function TeamSizeCard({ count }: { count: number | 'pending' | null }) {
  const { t } = useTranslation();
  return (
    <StatCard
      icon={UsersIcon}
      title={t('organizer.dashboard.team.title')}
      description={t('organizer.dashboard.team.description')}
      value={count === 'pending' ? <PendingValue /> : (count ?? '–')}
      testId="team-size"
      link={{ to: '/dashboard/organizer/team', label: t('organizer.dashboard.team.link') }}
    />
  );
}
