import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { CalendarPlusIcon, LoaderCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { renewalsQueryOptions, usePlanNextEdition } from '../api/renewals';
import { NextEditionForm, type PlannedEvent } from './next-edition-form';

/** The event's "Plan next edition" action: opens the form, and then the new event's renewals. */
export function NextEditionCard({ event }: { event: PlannedEvent }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const packages = useQuery({ ...renewalsQueryOptions(event.id), enabled: open });
  const plan = usePlanNextEdition(event.id);

  let body = null;
  if (open && packages.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t('renewals.loading')}
      </p>
    );
  } else if (open && packages.isError) {
    body = (
      <p className="text-sm text-destructive" role="alert">
        {t('renewals.loadFailed')}
      </p>
    );
  } else if (open && packages.data) {
    body = (
      <NextEditionForm
        event={event}
        packages={packages.data.packages}
        onSubmit={async (request) => {
          try {
            const created = await plan.mutateAsync(request);
            toast.success(t('renewals.plan.done', { count: created.packages }));
            await navigate({ to: '/edit-event/$eventId/renewals', params: { eventId: created.event_id } });
          } catch (error) {
            toast.error(getErrorMessage(error, t));
          }
        }}
      />
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('renewals.plan.title')}</CardTitle>
        <CardDescription>{t('renewals.plan.lead')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {open ? (
          body
        ) : (
          <Button type="button" variant="outline" className="self-start" onClick={() => setOpen(true)}>
            <CalendarPlusIcon aria-hidden="true" />
            {t('renewals.plan.open')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
