import { useLanguage } from '@/hooks/use-language';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { SCREENS, screenUrl, type ScreenName } from '../lib/screens';

/** A picture of one real screen in the page's language, framed like a window, with its caption. */
export function ScreenFigure({
  name,
  caption,
  className,
  eager = false,
}: {
  name: ScreenName;
  caption?: string;
  className?: string;
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { width, height } = SCREENS[name];
  const phone = name === 'sponsor-phone';
  return (
    <figure className={cn('flex flex-col gap-3', className)} data-testid="screen-figure" data-screen={name}>
      <img
        src={screenUrl(name, language)}
        width={width}
        height={height}
        alt={t(`screens.${name}`)}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={cn(
          'h-auto w-full border border-border bg-card shadow-sm',
          phone ? 'mx-auto max-w-60 rounded-[1.75rem] border-4 border-foreground/80' : 'rounded-xl',
        )}
      />
      {caption ? <figcaption className="text-sm text-muted-foreground">{caption}</figcaption> : null}
    </figure>
  );
}
