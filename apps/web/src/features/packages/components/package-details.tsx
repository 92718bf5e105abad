import { CheckCircle2Icon } from 'lucide-react';
import type { PackageBenefit } from '@sp/shared';
import { useFormat } from '@/hooks/use-format';
import { useTranslation } from '@/lib/i18n';

/** A package's price and its benefits, as both parties see them. */
export function PackageDetails({
  priceCents,
  description,
  benefits,
}: {
  priceCents: number;
  description: string;
  benefits: PackageBenefit[];
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xl font-semibold tabular-nums">{format.currency(priceCents / 100)}</p>
      {description ? <p className="text-sm break-words text-muted-foreground">{description}</p> : null}
      {benefits.length > 0 ? (
        <ul className="flex flex-col gap-1.5 text-sm">
          {benefits.map((benefit, index) => (
            <li key={index} className="flex gap-2">
              <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span className="min-w-0 break-words">
                <span className="font-medium">{benefit.title}</span>{' '}
                <span className="text-muted-foreground">
                  ({t(`packages.kinds.${benefit.kind}`)}
                  {benefit.due_date ? `, ${t('packages.benefit.due', { date: format.date(benefit.due_date) })}` : ''}
                  {benefit.sponsor_delivers ? `, ${t('packages.benefit.delivers')}` : ''})
                </span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
