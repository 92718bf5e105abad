import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/lib/i18n';

const linkClass = 'rounded-sm hover:text-foreground hover:underline underline-offset-4';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-auto border-t border-border bg-muted/50">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>{t('common.appName')}</p>
        <nav aria-label={t('footer.legalNav')}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <Link to="/about" className={linkClass}>
                {t('footer.about')}
              </Link>
            </li>
            <li>
              <Link to="/impressum/" className={linkClass}>
                {t('footer.impressum')}
              </Link>
            </li>
            <li>
              <Link to="/privacy-notice/" className={linkClass}>
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link to="/agb" className={linkClass}>
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link to="/verify-agreement/" className={linkClass}>
                {t('footer.verifyAgreement')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
