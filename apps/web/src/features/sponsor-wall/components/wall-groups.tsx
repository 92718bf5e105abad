import { ExternalLinkIcon } from 'lucide-react';
import type { WallGroupWire, WallPlacement, WallSize, WallSponsorWire } from '@sp/shared';
import { useRuntimeConfig } from '@/config/runtime-config-provider';
import { useTranslation } from '@/lib/i18n';
import { publicApiUrl } from '@/lib/public-api-url';
import { cn } from '@/lib/utils';
import { wallClickUrl } from '@/lib/wall-figures';

/** On the public wall and its embed, links are counted on their way (decision 102); in the preview not. */
export type WallCounting = { eventId: number; placement: WallPlacement };

/** Larger packages get larger logo boxes and fewer per row. */
const GRID: Record<WallSize, string> = {
  large: 'grid-cols-1 sm:grid-cols-2',
  medium: 'grid-cols-2 sm:grid-cols-3',
  small: 'grid-cols-2 sm:grid-cols-4',
};
const LOGO_BOX: Record<WallSize, string> = { large: 'h-32 sm:h-40', medium: 'h-20 sm:h-24', small: 'h-14 sm:h-16' };
const NAME: Record<WallSize, string> = { large: 'text-lg font-semibold', medium: 'font-medium', small: 'text-sm' };

function SponsorTile({
  sponsor,
  size,
  counting,
}: {
  sponsor: WallSponsorWire;
  size: WallSize;
  counting: WallCounting | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { apiBase } = useRuntimeConfig();
  const description =
    i18n.language === 'en'
      ? sponsor.description_en || sponsor.description_de
      : sponsor.description_de || sponsor.description_en;
  const name = (
    <span className={cn('flex items-center gap-1 text-center break-words', NAME[size])}>
      {sponsor.name}
      {sponsor.website ? <ExternalLinkIcon className="size-3.5 shrink-0" aria-hidden="true" /> : null}
    </span>
  );
  // Without a logo the name stands in the logo's place, once.
  const body = (
    <>
      <span className={cn('flex w-full items-center justify-center', LOGO_BOX[size])}>
        {sponsor.logo ? (
          <img
            src={publicApiUrl(apiBase, sponsor.logo.url)}
            width={sponsor.logo.width}
            height={sponsor.logo.height}
            alt={t('sponsorWall.logoAlt', { name: sponsor.name })}
            loading="lazy"
            className="max-h-full max-w-full object-contain"
          />
        ) : (
          name
        )}
      </span>
      {sponsor.logo ? name : null}
      {size === 'large' && description ? (
        <span className="text-center text-sm text-muted-foreground">{description}</span>
      ) : null}
    </>
  );
  const tile = 'flex h-full flex-col items-center gap-2 rounded-xl border border-border bg-card p-4';
  return (
    <li data-testid="wall-sponsor" data-size={size}>
      {sponsor.website ? (
        <a
          href={counting ? wallClickUrl(apiBase, counting.eventId, sponsor.id, counting.placement) : sponsor.website}
          target="_blank"
          rel="noopener noreferrer sponsored"
          className={cn(
            tile,
            'transition-colors hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
          )}
          title={description || undefined}
        >
          {body}
        </a>
      ) : (
        <div className={tile} title={description || undefined}>
          {body}
        </div>
      )}
    </li>
  );
}

/** The wall's groups, the largest package first. */
export function WallGroups({ groups, counting }: { groups: WallGroupWire[]; counting?: WallCounting }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-8">
      {groups.map((group, index) => {
        const title = group.package_name ?? t('sponsorWall.otherSponsors');
        const id = `wall-group-${index}`;
        return (
          <section key={id} aria-labelledby={id} data-testid="wall-group">
            <h2
              id={id}
              className={cn(
                'mb-3 tracking-tight',
                group.size === 'large' ? 'text-xl font-semibold' : 'text-lg font-medium',
              )}
            >
              {title}
            </h2>
            <ul className={cn('grid gap-3', GRID[group.size])}>
              {group.sponsors.map((sponsor) => (
                <SponsorTile key={sponsor.id} sponsor={sponsor} size={group.size} counting={counting} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
