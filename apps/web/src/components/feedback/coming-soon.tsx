import { Link } from '@tanstack/react-router';
import { ConstructionIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type de from '@/locales/de.json';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';

export type ComingSoonPage = keyof (typeof de)['comingSoon']['pages'];

/** The honest placeholder for a screen that a later issue builds: no data, no fake content. */
export function ComingSoon({ page, detail }: { page: ComingSoonPage; detail?: string }) {
  const { t } = useTranslation();
  const title = t(`comingSoon.pages.${page}.title`);
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <span className="inline-flex w-fit items-center gap-1.5 rounded-full bg-secondary px-2.5 py-1 text-xs font-medium text-secondary-foreground">
            <ConstructionIcon className="size-3.5" aria-hidden="true" />
            {t('comingSoon.badge')}
          </span>
          <h1 className="mt-2 text-2xl font-bold tracking-tight">{title}</h1>
          {detail ? <p className="text-sm font-medium text-muted-foreground">{detail}</p> : null}
        </CardHeader>
        <CardContent className="space-y-3">
          <p>{t(`comingSoon.pages.${page}.purpose`)}</p>
          <CardDescription>{t('comingSoon.description')}</CardDescription>
        </CardContent>
        <CardFooter className="flex-wrap">
          <Button asChild variant="outline">
            <Link to="/">{t('common.backToHome')}</Link>
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
