import { Outlet, useRouterState } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import { useTranslation } from '@/lib/i18n';
import { Footer } from './footer';
import { Header } from './header';

/** Pages other sites show in a frame: the page alone, without the app's header and footer. */
const EMBEDDED_PAGE = /^\/sponsors\/\d+\/embed\/?$/;

export function RootLayout() {
  const { t } = useTranslation();
  const embedded = useRouterState({ select: (state) => EMBEDDED_PAGE.test(state.location.pathname) });
  if (embedded) {
    return (
      <main id="main" className="min-h-dvh bg-background">
        <Outlet />
      </main>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('common.skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <Footer />
      <Toaster
        position="top-right"
        offset={{ top: 72 }}
        mobileOffset={{ top: 72 }}
        richColors
        closeButton
        toastOptions={{ closeButtonAriaLabel: t('common.closeToast') }}
        containerAriaLabel={t('common.notifications')}
      />
    </div>
  );
}
