import { Link, useRouterState } from '@tanstack/react-router';
import { BellIcon, LogInIcon, LogOutIcon, MenuIcon, SearchIcon, SettingsIcon, UserIcon, XIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DisclosurePopover } from '@/components/ui/disclosure-popover';
import { useAfterIdle } from '@/hooks/use-after-idle';
import { useLogout } from '@/hooks/use-logout';
import { isSignedIn, useAuth } from '@/lib/auth';
import { loadQueryClient } from '@/lib/lazy-query-client';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { LanguageSwitch } from './language-switch';
import { isLoginPage, isPublicPage } from './public-pages';

// What only a signed-in user sees or needs is loaded once someone signs in, not with every first page;
// the parts not shown until used (live connection, counts, menus) wait until the page has rendered
// and the browser is idle, so that they do not hold up the page's own content.
const loadSearchMenu = () => import('./search-menu');
const loadSettingsMenu = () => import('./settings-menu');
const loadSessionWatcher = () => import('./session-watcher');
const SearchMenu = lazy(() => loadSearchMenu().then((module) => ({ default: module.SearchMenu })));
const AccountSettings = lazy(() => loadSettingsMenu().then((module) => ({ default: module.AccountSettings })));
const SessionWatcher = lazy(() => loadSessionWatcher().then((module) => ({ default: module.SessionWatcher })));
const loadAlertsMenu = () => import('./alerts-menu');
const AlertsMenu = lazy(() => loadAlertsMenu().then((module) => ({ default: module.AlertsMenu })));
const AlertsCount = lazy(() => loadAlertsMenu().then((module) => ({ default: module.AlertsCount })));
// The signed-in user's own Dashboard link reads their profile, so the query client comes first.
const RoleNav = lazy(() =>
  loadQueryClient()
    .then(() => import('./role-nav'))
    .then((module) => ({ default: module.RoleNav })),
);

const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground data-[status=active]:bg-secondary data-[status=active]:text-secondary-foreground';

const panelItemClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium hover:bg-accent [&_svg]:size-4 [&_svg]:shrink-0';

function AccountLinks({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const logout = useLogout();
  const signedIn = isSignedIn(status);
  return (
    <ul className="flex flex-col gap-1">
      {signedIn && user ? (
        <li className="truncate px-3 pb-2 text-xs text-muted-foreground">
          {t('nav.signedInAs', { email: user.email })}
        </li>
      ) : null}
      <li>
        <Link to="/profile/" className={panelItemClass} onClick={onDone}>
          <UserIcon aria-hidden="true" />
          {t('nav.profile')}
        </Link>
      </li>
      <li>
        {signedIn ? (
          <button
            type="button"
            className={panelItemClass}
            onClick={() => {
              onDone();
              void logout();
            }}
          >
            <LogOutIcon aria-hidden="true" />
            {t('nav.logout')}
          </button>
        ) : (
          <Link to="/login/" className={panelItemClass} onClick={onDone}>
            <LogInIcon aria-hidden="true" />
            {t('nav.login')}
          </Link>
        )}
      </li>
    </ul>
  );
}

/** The signed-in user's unread messages on the Nachrichten link, kept current by the live stream. */
function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="ml-1.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

function NavLinks({
  className,
  linkClassName,
  onNavigate,
  unread,
  signedIn,
}: {
  className?: string;
  linkClassName?: string;
  onNavigate?: () => void;
  unread: number;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.main')} className={className}>
      {signedIn ? (
        <Suspense fallback={null}>
          <RoleNav linkClassName={cn(navLinkClass, linkClassName)} onNavigate={onNavigate} />
        </Suspense>
      ) : (
        <Link
          to="/dashboard/organizer/"
          activeOptions={{ exact: true }}
          className={cn(navLinkClass, linkClassName)}
          onClick={onNavigate}
        >
          {t('nav.dashboard')}
        </Link>
      )}
      {/* Named by its content, which starts with the visible label (WCAG 2.5.3), not by an aria-label. */}
      <Link to="/chats/" className={cn(navLinkClass, 'inline-flex items-center', linkClassName)} onClick={onNavigate}>
        {unread > 0 ? (
          <>
            <span className="sr-only">{t('nav.messagesUnread', { count: unread })}</span>
            <span aria-hidden="true">{t('nav.messages')}</span>
          </>
        ) : (
          t('nav.messages')
        )}
        <UnreadBadge count={unread} />
      </Link>
    </nav>
  );
}

function HomeLink({ onClick }: { onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md font-semibold tracking-tight" onClick={onClick}>
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      <span className="max-sm:sr-only">{t('common.appName')}</span>
    </Link>
  );
}

/**
 * A public page seen signed out: the product's name, the language and the way in, nothing of the app.
 * On the login page itself the way in is the page, so the header offers no link to it.
 */
function PublicHeader() {
  const { t } = useTranslation();
  const onLogin = useRouterState({ select: (state) => isLoginPage(state.location.pathname) });
  return (
    <header
      className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur"
      data-testid="public-header"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <HomeLink />
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <LanguageSwitch />
          {onLogin ? null : (
            <Button asChild size="sm" variant="outline">
              <Link to="/login/">
                <LogInIcon aria-hidden="true" />
                {t('nav.login')}
              </Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}

export function Header() {
  const { status } = useAuth();
  const signedIn = isSignedIn(status);
  const publicPage = useRouterState({ select: (state) => isPublicPage(state.location.pathname) });
  if (!signedIn && publicPage) return <PublicHeader />;
  return <AppHeader signedIn={signedIn} />;
}

function AppHeader({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const [unreadCount, setUnreadCount] = useState(0);
  const unread = signedIn ? unreadCount : 0;
  const [alertsCount, setAlertsCount] = useState(0);
  const alerts = signedIn ? alertsCount : 0;
  const extras = useAfterIdle(signedIn);
  useEffect(() => {
    if (extras) void Promise.all([loadSearchMenu(), loadSettingsMenu()]);
  }, [extras]);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = () => setMenuOpen(false);

  function onKeyDown(event: KeyboardEvent<HTMLElement>): void {
    if (event.key === 'Escape' && menuOpen) {
      setMenuOpen(false);
      toggleRef.current?.focus();
    }
  }

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur" onKeyDown={onKeyDown}>
      {extras ? (
        <Suspense fallback={null}>
          <SessionWatcher onUnread={setUnreadCount} />
        </Suspense>
      ) : null}
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <HomeLink onClick={closeMenu} />

        <NavLinks className="ml-4 hidden items-center gap-1 md:flex" unread={unread} signedIn={signedIn} />

        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          <DisclosurePopover label={t('nav.search')} icon={<SearchIcon aria-hidden="true" />} panelClassName="sm:w-96">
            {(close) =>
              signedIn ? (
                <Suspense fallback={null}>
                  <SearchMenu onDone={close} />
                </Suspense>
              ) : (
                <p className="text-muted-foreground">{t('search.signIn')}</p>
              )
            }
          </DisclosurePopover>
          <DisclosurePopover
            label={alerts > 0 ? t('alerts.bellUnread', { count: alerts }) : t('nav.alerts')}
            icon={
              <span className="relative inline-flex">
                <BellIcon aria-hidden="true" />
                {extras ? (
                  <Suspense fallback={null}>
                    <AlertsCount onCount={setAlertsCount} />
                  </Suspense>
                ) : null}
                {alerts > 0 ? (
                  <span
                    aria-hidden="true"
                    data-testid="alerts-badge"
                    className="absolute -top-2 -right-2.5 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[0.625rem] leading-none font-semibold text-primary-foreground"
                  >
                    {alerts > 99 ? '99+' : alerts}
                  </span>
                ) : null}
              </span>
            }
            panelClassName="sm:w-[26rem]"
          >
            {(close) =>
              signedIn ? (
                <Suspense fallback={null}>
                  <AlertsMenu onDone={close} />
                </Suspense>
              ) : (
                <p className="text-muted-foreground">{t('alerts.signIn')}</p>
              )
            }
          </DisclosurePopover>
          <DisclosurePopover label={t('nav.settings')} icon={<SettingsIcon aria-hidden="true" />}>
            {(close) => (
              <>
                <LanguageSwitch look="menu" />
                {signedIn ? (
                  <Suspense fallback={null}>
                    <AccountSettings onDone={close} />
                  </Suspense>
                ) : null}
              </>
            )}
          </DisclosurePopover>
          <div className="hidden md:block">
            <DisclosurePopover label={t('nav.userMenu')} icon={<UserIcon aria-hidden="true" />} panelClassName="p-2">
              {(close) => <AccountLinks onDone={close} />}
            </DisclosurePopover>
          </div>
          <Button
            ref={toggleRef}
            variant="ghost"
            size="icon"
            className="relative md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <XIcon aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
            {unread > 0 && !menuOpen ? (
              <span aria-hidden="true" className="absolute top-2 right-2 size-2 rounded-full bg-primary" />
            ) : null}
          </Button>
        </div>
      </div>

      <div id={menuId} hidden={!menuOpen} className="border-t border-border bg-background md:hidden">
        {menuOpen ? (
          <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3">
            <NavLinks
              className="flex flex-col gap-1"
              linkClassName="text-base"
              onNavigate={closeMenu}
              unread={unread}
              signedIn={signedIn}
            />
            <div className="border-t border-border pt-3">
              <AccountLinks onDone={closeMenu} />
            </div>
            <LanguageSwitch look="menu" className="border-t border-border px-3 pt-3" />
          </div>
        ) : null}
      </div>
    </header>
  );
}
