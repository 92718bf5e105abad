import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AgreementStateResponse } from '@sp/shared';
import { useTranslation } from '@/lib/i18n';
import { agreementStateQueryOptions } from '../api/agreement-state';
import type { AgreementViewer } from '../api/viewer';

type NextStep = 'package' | 'details' | 'organiser' | 'sign' | 'countersign';

/**
 * The sponsor's next step when the event uses the generated agreement; null where the sponsorship's
 * status says it (upload mode, a sealed or closed agreement). The status alone would say "download
 * the agreement", which a generated agreement never asks for.
 */
export function generatedNextStep(agreement: AgreementStateResponse): NextStep | null {
  if (agreement.mode !== 'generated' || agreement.your_side !== 'sponsor') return null;
  if (agreement.state === 'sponsor_signed') return 'countersign';
  if (agreement.state !== 'draft' && agreement.state !== 'not_generated') return null;
  if (agreement.missing.includes('package')) return 'package';
  if (agreement.missing.includes('sponsor_legal_details')) return 'details';
  if (agreement.missing.length > 0) return 'organiser';
  return agreement.may_sign ? 'sign' : null;
}

/** The next-step line's text for the sponsor: the generated agreement's step, else `fallback`. */
export function AgreementNextStep({
  sponsorshipId,
  viewer,
  fallback,
}: {
  sponsorshipId: number;
  viewer: AgreementViewer;
  fallback: ReactNode;
}) {
  const { t } = useTranslation();
  const agreement = useQuery(agreementStateQueryOptions(sponsorshipId, viewer));
  const step = agreement.data ? generatedNextStep(agreement.data) : null;
  return <>{step ? t(`agreements.nextStep.${step}`) : fallback}</>;
}
