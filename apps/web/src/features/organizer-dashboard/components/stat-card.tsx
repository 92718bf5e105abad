import { Link, type LinkProps } from '@tanstack/react-router';
import { ArrowRightIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';

/** A counter whose data is still loading (the same mark as the open-tasks card's); read out as loading. */
export function PendingValue() {
  const { t } = useTranslation();
  return (
    <span className="text-muted-foreground" aria-busy="true">
      <span aria-hidden="true">…</span>
      <span className="sr-only">{t('common.loading')}</span>
    </span>
  );
}

/** A dashboard counter: title, what it counts, the number, and a link to where the work is done. */
export function StatCard({
  icon: Icon,
  title,
  description,
  value,
  testId,
  link,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  value: ReactNode;
  testId: string;
  link: { to: LinkProps['to']; label: string };
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-5 text-primary" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex items-end justify-between gap-4">
        <p className="text-4xl font-bold tabular-nums" data-testid={testId}>
          {value}
        </p>
        <Link
          to={link.to}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {link.label}
          <ArrowRightIcon aria-hidden="true" className="size-4" />
        </Link>
      </CardContent>
    </Card>
  );
}
