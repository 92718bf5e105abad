import { useQuery } from '@tanstack/react-query';
import { CheckIcon, LoaderCircleIcon, PackageIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { sponsorshipPackagesQueryOptions, useChoosePackage, type PackageViewer } from '../api/sponsorship-packages';
import { isSoldOut, packageErrorMessage } from '../utils';
import { ActivityList } from './activity-list';
import { PackageDetails } from './package-details';

/**
 * The sponsor's offer: the offered packages as cards with their benefits and price, choosing one,
 * the chosen one marked, and a clear message when the last slot was just taken by someone else.
 */
/** What the line under the title says: whether there is a choice, it was made, and it can still change. */
export function choiceLead(offered: boolean, chosen: boolean, open: boolean) {
  if (!offered) return 'none';
  if (!open) return chosen ? 'closedChosen' : 'closedNone';
  return chosen ? 'change' : 'lead';
}

export function PackageChoice({
  sponsorshipId,
  viewer,
  open,
}: {
  sponsorshipId: number;
  viewer: PackageViewer;
  open: boolean;
}) {
  const { t } = useTranslation();
  const offer = useQuery(sponsorshipPackagesQueryOptions(sponsorshipId, viewer));
  const choose = useChoosePackage(sponsorshipId, viewer);
  const [soldOut, setSoldOut] = useState<number | null>(null);

  if (offer.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t('packages.loading')}
      </p>
    );
  }
  if (offer.isError) {
    return (
      <p className="text-sm text-destructive" role="alert">
        {t('packages.loadFailed')}
      </p>
    );
  }
  const { offered, chosen, activity, choice_open: choiceOpen } = offer.data;
  // The server says whether the choice is still open (not once confirmed), wherever this is shown.
  const canChoose = open && choiceOpen;
  const cards = chosen && !offered.some((p) => p.id === chosen.id) ? [chosen, ...offered] : offered;

  return (
    <section className="flex flex-col gap-4" aria-labelledby={`packages-${sponsorshipId}`} data-testid="package-choice">
      <div>
        <h2 id={`packages-${sponsorshipId}`} className="flex items-center gap-2 text-lg font-semibold">
          <PackageIcon className="size-5 text-primary" aria-hidden="true" />
          {t('packages.choice.title')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t(`packages.choice.${choiceLead(cards.length > 0, chosen !== null, canChoose)}`)}
        </p>
      </div>
      {soldOut !== null ? (
        <p
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive"
          role="alert"
        >
          {t('packages.choice.soldOut')}
        </p>
      ) : null}
      <ul className="grid gap-3 sm:grid-cols-2">
        {cards.map((pkg) => {
          const isChosen = chosen?.id === pkg.id;
          const left = pkg.capacity === null ? null : Math.max(0, pkg.capacity - pkg.sold);
          return (
            <li
              key={pkg.id}
              className={cn(
                'flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm',
                isChosen ? 'border-primary ring-2 ring-primary/30' : 'border-border',
              )}
              data-testid="offered-package"
              aria-current={isChosen || undefined}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold break-words">{pkg.name}</h3>
                {isChosen ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">
                    <CheckIcon className="size-3" aria-hidden="true" />
                    {t('packages.choice.chosen')}
                  </span>
                ) : pkg.sold_out ? (
                  <span className="rounded-full bg-muted px-2 py-0.5 text-xs">{t('packages.choice.soldOutBadge')}</span>
                ) : left !== null ? (
                  <span className="text-xs text-muted-foreground">
                    {t('packages.choice.remaining', { left: String(left) })}
                  </span>
                ) : null}
              </div>
              <PackageDetails priceCents={pkg.price_cents} description={pkg.description} benefits={pkg.benefits} />
              {canChoose && !isChosen && !pkg.sold_out ? (
                <Button
                  className="mt-auto self-start"
                  disabled={choose.isPending}
                  onClick={() =>
                    choose.mutate(pkg.id, {
                      onSuccess: () => {
                        setSoldOut(null);
                        toast.success(t('packages.choice.chosenDone'));
                      },
                      onError: (error) => {
                        if (isSoldOut(error)) setSoldOut(pkg.id);
                        else toast.error(packageErrorMessage(error, t));
                      },
                    })
                  }
                >
                  {choose.isPending && choose.variables === pkg.id ? (
                    <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
                  ) : null}
                  {t('packages.choice.choose')}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ActivityList activity={activity} viewer="sponsor" />
    </section>
  );
}
