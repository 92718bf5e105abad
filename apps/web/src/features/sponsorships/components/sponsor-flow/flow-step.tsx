import { CheckIcon, ChevronDownIcon, LockIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import type { FlowStep } from './steps';

/** What the folded line says on its right: what a click does. */
function actionKey(step: FlowStep, open: boolean) {
  if (open) return 'sponsorFlow.action.hide';
  if (step.state === 'done') return step.changeable ? 'sponsorFlow.action.change' : 'sponsorFlow.action.show';
  return 'sponsorFlow.action.open';
}

/**
 * One numbered step: a header button (aria-expanded) with the number or a check, the title and one
 * line (the saved choice, what it waits for, or that it is next); the content only while open.
 */
export function FlowStepCard({
  step,
  domId,
  title,
  summary,
  open,
  onToggle,
  children,
}: {
  step: FlowStep;
  domId: string;
  title: string;
  summary: string | null;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const locked = step.state === 'locked';
  const line =
    step.state === 'locked'
      ? t(`sponsorFlow.waitsFor.${step.waitsFor ?? 'organiser'}`)
      : step.state === 'done'
        ? (summary ?? t('sponsorFlow.state.done'))
        : t(`sponsorFlow.state.${step.state}`);
  return (
    <li
      id={domId}
      className={cn(
        // min-w-0: the folded line truncates rather than widening the grid on a phone.
        'min-w-0 scroll-mt-20 rounded-xl border bg-card shadow-sm',
        step.state === 'current' ? 'border-primary ring-1 ring-primary/30' : 'border-border',
      )}
      data-testid="flow-step"
      data-step={step.id}
      data-state={step.state}
    >
      <h3>
        <button
          type="button"
          id={`${domId}-header`}
          aria-expanded={open}
          aria-controls={`${domId}-content`}
          aria-disabled={locked || undefined}
          onClick={locked ? undefined : onToggle}
          className={cn(
            'flex w-full items-center gap-3 rounded-xl px-3 py-3 text-left focus-visible:outline-2 focus-visible:outline-ring sm:px-4',
            locked ? 'cursor-default' : 'hover:bg-accent/50',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold tabular-nums',
              step.state === 'done' && 'bg-primary text-primary-foreground',
              step.state === 'current' && 'border-2 border-primary text-primary',
              (step.state === 'todo' || locked) && 'bg-muted text-muted-foreground',
            )}
          >
            {step.state === 'done' ? <CheckIcon className="size-4" /> : step.number}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-medium">
              <span className="sr-only">{t('sponsorFlow.stepNumber', { number: step.number })} </span>
              {title}
            </span>
            <span className="block truncate text-sm text-muted-foreground" data-testid="flow-step-line">
              {locked ? <LockIcon className="mr-1 inline size-3.5 align-[-2px]" aria-hidden="true" /> : null}
              {line}
            </span>
          </span>
          {locked ? null : (
            <span className="flex shrink-0 items-center gap-1 text-sm font-medium text-primary">
              {t(actionKey(step, open))}
              <ChevronDownIcon className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
            </span>
          )}
        </button>
      </h3>
      {open && !locked ? (
        <div
          id={`${domId}-content`}
          role="region"
          aria-labelledby={`${domId}-header`}
          className="border-t border-border px-3 py-4 sm:px-4"
        >
          {children}
        </div>
      ) : null}
    </li>
  );
}
