import { Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from '@/lib/i18n';

const tabClass =
  'shrink-0 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-foreground data-[status=active]:bg-secondary data-[status=active]:text-secondary-foreground';

export function OrganizerLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col">
      <nav aria-label={t('organizer.nav.label')} className="border-b border-border">
        <div className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 py-2 sm:px-6">
          <Link to="/dashboard/organizer/" activeOptions={{ exact: true }} className={tabClass}>
            {t('organizer.nav.overview')}
          </Link>
          <Link to="/dashboard/organizer/step" className={tabClass}>
            {t('organizer.nav.steps')}
          </Link>
          <Link to="/dashboard/organizer/events" className={tabClass}>
            {t('organizer.nav.events')}
          </Link>
          <Link to="/dashboard/organizer/sponsors" className={tabClass}>
            {t('sponsorView.nav')}
          </Link>
          <Link to="/dashboard/organizer/team" className={tabClass}>
            {t('organizer.nav.team')}
          </Link>
          <Link to="/fulfilment" className={tabClass}>
            {t('organizer.nav.fulfilment')}
          </Link>
          <Link to="/dashboard/organizer/invoices" className={tabClass}>
            {t('organizer.nav.invoices')}
          </Link>
          <Link to="/dashboard/organizer/billing" className={tabClass}>
            {t('organizer.nav.billing')}
          </Link>
          <Link to="/dashboard/organizer/webhooks" className={tabClass}>
            {t('organizer.nav.webhooks')}
          </Link>
        </div>
      </nav>
      <Outlet />
    </div>
  );
}
