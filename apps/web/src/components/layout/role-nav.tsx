// The signed-in part of the main navigation (issue 21, point 1): the Dashboard link to the user's
// own dashboard, the Events link, in the organiser view the readiness board across events, and for a user with both roles the switch between the organiser
// and the sponsor view. The view a beides user opens last is kept in their settings, so the next
// sign-in lands there. Loaded once someone is signed in (it reads the profile and the settings).
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { DashboardView } from '@sp/shared';
import { DASHBOARD_PATHS, dashboardViewFor, dashboardViewOfPath, useAuth } from '@/lib/auth';
import { useTranslation } from '@/lib/i18n';
import { userProfileQueryOptions } from '@/lib/profile/user-profile';
import { settingsQueryOptions, useUpdateSettings } from '@/lib/settings/settings';

const VIEWS: readonly DashboardView[] = ['organiser', 'sponsor'];

function ViewSwitch({ view, onSwitch }: { view: DashboardView; onSwitch: (view: DashboardView) => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('nav.view')}
      className="flex w-fit rounded-md border border-input p-0.5 max-md:mx-3 max-md:my-1"
    >
      {VIEWS.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={view === option}
          onClick={() => onSwitch(option)}
          className="rounded px-2 py-1 text-xs font-medium text-muted-foreground hover:text-foreground aria-pressed:bg-secondary aria-pressed:text-secondary-foreground"
        >
          {t(`nav.views.${option}`)}
        </button>
      ))}
    </div>
  );
}

export function RoleNav({ linkClassName, onNavigate }: { linkClassName: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const profile = useQuery({ ...userProfileQueryOptions(user?.sub ?? ''), enabled: Boolean(user) });
  const role = profile.data?.role;
  const both = role === 'beides';
  const settings = useQuery({ ...settingsQueryOptions(), enabled: both });
  const { mutate } = useUpdateSettings();
  const stored = settings.data?.dashboard_view ?? null;
  const view = dashboardViewFor(role, stored);
  const shown = dashboardViewOfPath(pathname);

  // The dashboard a beides user opens (by the switch, a link or the address bar) is the one they used last.
  useEffect(() => {
    if (both && settings.isSuccess && shown && shown !== stored) mutate({ dashboard_view: shown });
  }, [both, settings.isSuccess, shown, stored, mutate]);

  if (!profile.data) return null;
  return (
    <>
      <Link to={DASHBOARD_PATHS[view]} activeOptions={{ exact: true }} className={linkClassName} onClick={onNavigate}>
        {t('nav.dashboard')}
      </Link>
      <Link to="/events/" className={linkClassName} onClick={onNavigate}>
        {t('nav.events')}
      </Link>
      {(shown ?? view) === 'organiser' ? (
        <Link to="/readiness/" className={linkClassName} onClick={onNavigate}>
          {t('readiness.across.nav')}
        </Link>
      ) : null}
      {both ? (
        <ViewSwitch
          view={shown ?? view}
          onSwitch={(next) => {
            onNavigate?.();
            void navigate({ to: DASHBOARD_PATHS[next] });
          }}
        />
      ) : null}
    </>
  );
}
