import { Link } from '@tanstack/react-router';
import { ArrowRightIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Team size (from the layout's team list), linking to the team page where people are invited. */
export function TeamSizeCard({ count }: { count: number | null }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UsersIcon aria-hidden="true" className="size-5 text-primary" />
          {t('organizer.dashboard.team.title')}
        </CardTitle>
        <CardDescription>{t('organizer.dashboard.team.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex items-end justify-between gap-4">
        <p className="text-4xl font-bold tabular-nums" data-testid="team-size">
          {count ?? '–'}
        </p>
        <Link
          to="/dashboard/organizer/team"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('organizer.dashboard.team.link')}
          <ArrowRightIcon aria-hidden="true" className="size-4" />
        </Link>
      </CardContent>
    </Card>
  );
}
