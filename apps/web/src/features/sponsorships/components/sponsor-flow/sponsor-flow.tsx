import { useQuery } from '@tanstack/react-query';
import { LoaderCircleIcon } from 'lucide-react';
import { useCallback, useId, useState, type ComponentType, type ReactNode } from 'react';
import { getErrorMessage } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';
import { sponsorshipQueryOptions } from '../../api/get-sponsorship';
import type { SponsorViewer } from '../../api/sponsorship';
import { FlowNavigation } from './flow-navigation';
import { FlowStepCard } from './flow-step';
import { deriveSponsorFlow, type FlowFacts, type FlowStepId } from './steps';
import { StatusLine } from './status-line';
import { UploadSteps } from './upload-steps';

/**
 * The generated agreement (the agreements feature's part, given by the route): it shows `fallback`,
 * the download-sign-upload steps, when the event uses the organiser's own PDF.
 */
export type SponsorAgreementSlot = ComponentType<{ sponsorshipId: number; viewer: SponsorViewer; fallback: ReactNode }>;

/** What the other features know (given by the route): their facts, their forms, a one-line summary each. */
export type SponsorFlowParts = {
  /** null while any of them is still loading: the numbering waits rather than jumps. */
  facts: Omit<FlowFacts, 'status' | 'signedCopy'> | null;
  content: Record<Exclude<FlowStepId, 'sign'>, ReactNode>;
  summaries: Partial<Record<FlowStepId, string | null>>;
  Agreement: SponsorAgreementSlot;
};

/**
 * The sponsor's page as a guided flow (issue 58, decision 072), the same on the invitation link and
 * on the dashboard: numbered steps from `deriveSponsorFlow`, the current one open, done ones folded,
 * each form in its one step.
 */
export function SponsorFlow({
  sponsorshipId,
  viewer,
  parts,
  withStatus = true,
}: {
  sponsorshipId: number;
  viewer: SponsorViewer;
  parts: SponsorFlowParts;
  /** false where the page shows the status already (the dashboard's card). */
  withStatus?: boolean;
}) {
  const { t } = useTranslation();
  const baseId = useId();
  const sponsorship = useQuery(sponsorshipQueryOptions(sponsorshipId, viewer));
  const [opened, setOpened] = useState<FlowStepId[]>([]);
  const [seenCurrent, setSeenCurrent] = useState<FlowStepId | null>(null);

  const openStep = useCallback(
    (step: FlowStepId) => {
      setOpened((ids) => (ids.includes(step) ? ids : [...ids, step]));
      requestAnimationFrame(() =>
        document.getElementById(`${baseId}-${step}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
      );
    },
    [baseId],
  );

  if (sponsorship.isError) {
    return (
      <p className="text-sm text-destructive" role="alert">
        {t('sponsorships.errors.load', { message: getErrorMessage(sponsorship.error, t) })}
      </p>
    );
  }
  if (sponsorship.isPending || !parts.facts) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
        {t('sponsorships.loading')}
      </p>
    );
  }
  const data = sponsorship.data;
  const steps = deriveSponsorFlow({
    ...parts.facts,
    status: data.status,
    signedCopy: data.signedAgreement !== null,
  });
  const current = steps.find((step) => step.state === 'current')?.id ?? null;
  // The next step opens by itself when the state moves on; the one just finished stays as the sponsor left it.
  if (current !== seenCurrent) {
    setSeenCurrent(current);
    if (current && !opened.includes(current)) setOpened([...opened, current]);
  }
  const currentStep = steps.find((step) => step.id === current);
  const progress = currentStep
    ? t('sponsorFlow.progress', { number: currentStep.number, total: steps.length })
    : steps.every((step) => step.state === 'done')
      ? t('sponsorFlow.allDone')
      : null;

  const content = (id: FlowStepId) =>
    id === 'sign' ? (
      <parts.Agreement
        sponsorshipId={data.id}
        viewer={viewer}
        fallback={<UploadSteps sponsorship={data} viewer={viewer} />}
      />
    ) : (
      parts.content[id]
    );

  return (
    <FlowNavigation.Provider value={openStep}>
      <div className="grid min-w-0 gap-3" data-testid="sponsor-flow">
        <StatusLine sponsorship={data} viewer={viewer} progress={progress} withStatus={withStatus} />
        <ol className="grid min-w-0 gap-2" aria-label={t('sponsorFlow.label')}>
          {steps.map((step) => (
            <FlowStepCard
              key={step.id}
              step={step}
              domId={`${baseId}-${step.id}`}
              title={t(`sponsorFlow.steps.${step.id}`)}
              summary={parts.summaries[step.id] ?? null}
              open={opened.includes(step.id)}
              onToggle={() =>
                setOpened((ids) => (ids.includes(step.id) ? ids.filter((id) => id !== step.id) : [...ids, step.id]))
              }
            >
              {content(step.id)}
            </FlowStepCard>
          ))}
        </ol>
      </div>
    </FlowNavigation.Provider>
  );
}
