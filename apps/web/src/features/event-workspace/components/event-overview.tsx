import { Link } from '@tanstack/react-router';
import { ArrowRightIcon, CircleCheckIcon, TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';
import { WORKSPACE_AREAS, areaHint, areaLabel } from '../utils/areas';
import { attentionItems, type AttentionInput, type AttentionItem } from '../utils/attention';

const linkClass =
  'inline-flex items-start gap-1.5 rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring';

function AttentionLink({ eventId, item, children }: { eventId: number; item: AttentionItem; children: ReactNode }) {
  if (item.area === 'sponsors')
    return (
      <Link to="/edit-event/$eventId/sponsors" params={{ eventId }} search={item.search} className={linkClass}>
        {children}
      </Link>
    );
  if (item.area === 'invoices')
    return (
      <Link to="/edit-event/$eventId/invoices" params={{ eventId }} search={item.search} className={linkClass}>
        {children}
      </Link>
    );
  return (
    <Link to="/edit-event/$eventId/fulfilment" params={{ eventId }} className={linkClass}>
      {children}
    </Link>
  );
}

/**
 * An event's overview (issue 58): its figures, what needs attention (each with a link into the area
 * that shows exactly those), and every area of the event one click away with a line on what it holds.
 */
export function EventOverview({
  eventId,
  data,
  figures,
}: {
  eventId: number;
  data: AttentionInput;
  /** The figures the other features show for the event (sponsoring and invoice numbers). */
  figures: ReactNode;
}) {
  const { t } = useTranslation();
  const items = attentionItems(data);
  const confirmed = data.sponsorships.filter((s) => s.status === 'confirmed').length;
  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <TriangleAlertIcon className="size-5 text-primary" aria-hidden="true" />
            {t('events.workspace.attention.title')}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {items.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="attention-none">
              <CircleCheckIcon className="size-4 text-primary" aria-hidden="true" />
              {t('events.workspace.attention.none')}
            </p>
          ) : (
            <ul className="divide-y divide-border" data-testid="attention-list">
              {items.map((item) => (
                <li key={item.kind} className="py-3 text-sm">
                  <AttentionLink eventId={eventId} item={item}>
                    <span>{t(`events.workspace.attention.${item.kind}`, { count: item.count })}</span>
                    <ArrowRightIcon className="size-4 shrink-0" aria-hidden="true" />
                  </AttentionLink>
                  <span className="mt-0.5 block text-xs text-muted-foreground">
                    {t(`events.workspace.attention.open.${item.area}`)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('events.workspace.figures.title')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          <dl className="grid grid-cols-2 gap-3">
            <div>
              <dt className="text-muted-foreground">{t('events.workspace.figures.sponsors')}</dt>
              <dd className="text-2xl font-semibold tabular-nums" data-testid="figure-sponsors">
                {data.sponsorships.length}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('events.workspace.figures.confirmed')}</dt>
              <dd className="text-2xl font-semibold tabular-nums" data-testid="figure-confirmed">
                {confirmed}
              </dd>
            </div>
          </dl>
          {figures}
        </CardContent>
      </Card>
      <section className="lg:col-span-2" aria-labelledby="workspace-areas">
        <h2 id="workspace-areas" className="mb-3 text-lg font-semibold">
          {t('events.workspace.areas.title')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {WORKSPACE_AREAS.filter((area) => area.key !== 'overview').map((area) => (
            <li key={area.key}>
              <Link
                to={area.to}
                params={{ eventId }}
                className="flex h-full flex-col gap-1 rounded-lg border border-border bg-card p-4 transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-ring"
                data-testid={`area-${area.key}`}
              >
                <span className="font-medium">{t(areaLabel(area))}</span>
                <span className="text-sm text-muted-foreground">{t(areaHint(area))}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
