import { useQuery } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import {
  CalendarDaysIcon,
  CalendarPlusIcon,
  CheckCircle2Icon,
  CircleIcon,
  LoaderCircleIcon,
  UserCogIcon,
  UsersIcon,
} from 'lucide-react';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { organiserProgressQueryOptions, type OrganiserProgress } from '../api/get-organiser-progress';

type StepKey = keyof OrganiserProgress['steps'];

const STEPS: { key: StepKey; icon: typeof UserCogIcon; to: LinkProps['to'] }[] = [
  { key: 'profile', icon: UserCogIcon, to: '/profile/' },
  { key: 'event', icon: CalendarPlusIcon, to: '/create-event/' },
  { key: 'invite', icon: UsersIcon, to: '/dashboard/organizer/team' },
];

/** Width classes in thirds: no inline styles under the strict CSP. */
const BAR_WIDTHS = ['w-0', 'w-1/3', 'w-2/3', 'w-full'] as const;

function ProgressBar({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation();
  return (
    <div className="mt-8">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">{t('organizerSteps.progressLabel')}</span>
        <span className="text-muted-foreground tabular-nums">{t('organizerSteps.progress', { done, total })}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('organizerSteps.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={t('organizerSteps.progress', { done, total })}
        className="mt-2 h-3 overflow-hidden rounded-full bg-secondary"
      >
        <div className={cn('h-full rounded-full bg-primary transition-all', BAR_WIDTHS[done] ?? 'w-full')} />
      </div>
    </div>
  );
}

function Steps({ progress }: { progress: OrganiserProgress }) {
  const { t } = useTranslation();
  return (
    <ol className="mt-6 grid gap-3">
      {STEPS.map(({ key, icon: Icon, to }, index) => {
        const done = progress.steps[key];
        return (
          <li
            key={key}
            data-step={key}
            data-done={done}
            className={cn(
              'flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:p-5',
              done ? 'border-primary/40' : 'border-border',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-10 shrink-0 items-center justify-center rounded-full',
                done ? 'bg-primary text-primary-foreground' : 'bg-secondary text-primary',
              )}
            >
              {done ? <CheckCircle2Icon className="size-5" /> : <Icon className="size-5" />}
            </span>
            <div className="min-w-0 flex-1">
              <h2 className="font-semibold">
                {index + 1}. {t(`organizerSteps.steps.${key}.title`)}
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">{t(`organizerSteps.steps.${key}.text`)}</p>
              <p
                className={cn(
                  'mt-2 inline-flex items-center gap-1.5 text-xs font-medium',
                  done ? 'text-primary' : 'text-muted-foreground',
                )}
              >
                {done ? (
                  <CheckCircle2Icon className="size-3.5" aria-hidden="true" />
                ) : (
                  <CircleIcon className="size-3.5" aria-hidden="true" />
                )}
                {done ? t('organizerSteps.done') : t('organizerSteps.open')}
              </p>
            </div>
            <Button asChild variant={done ? 'outline' : 'default'} className="sm:shrink-0">
              <Link to={to}>{t(`organizerSteps.steps.${key}.action`)}</Link>
            </Button>
          </li>
        );
      })}
    </ol>
  );
}

function MyEvents({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="my-events-title"
      className="mt-8 flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-secondary text-primary">
          <CalendarDaysIcon className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 id="my-events-title" className="font-semibold">
            {t('organizerSteps.myEvents.title')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {count === 0 ? t('organizerSteps.myEvents.none') : t('organizerSteps.myEvents.count', { count })}
          </p>
        </div>
      </div>
      <Button asChild variant="outline">
        <Link to="/dashboard/organizer/events">{t('organizerSteps.myEvents.action')}</Link>
      </Button>
    </section>
  );
}

/** /dashboard/organizer/step: the three first steps, each done or not from the organisation's state. */
export function StepPage({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation();
  const query = useQuery(organiserProgressQueryOptions(organisationId));

  if (query.isPending) {
    return (
      <Page title={t('organizerSteps.title')}>
        <p role="status" className="mt-8 flex items-center gap-2 text-muted-foreground">
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
          {t('organizerSteps.loading')}
        </p>
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page title={t('organizerSteps.title')}>
        <div className="mt-8 flex flex-col items-start gap-4">
          <p
            role="alert"
            className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive"
          >
            {t('organizerSteps.error', { message: getErrorMessage(query.error, t) })}
          </p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </Page>
    );
  }

  const progress = query.data;
  const done = STEPS.filter(({ key }) => progress.steps[key]).length;
  return (
    <Page
      title={t('organizerSteps.greeting', { organisation: progress.organisationName })}
      lead={done === STEPS.length ? t('organizerSteps.allDone') : t('organizerSteps.lead')}
    >
      <ProgressBar done={done} total={STEPS.length} />
      <Steps progress={progress} />
      <MyEvents count={progress.events} />
    </Page>
  );
}
