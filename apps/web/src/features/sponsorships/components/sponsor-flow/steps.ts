// The sponsor's guided flow (issue 58): which steps apply, their numbers and which one is next,
// decided from the real state only, so the page never claims a step the server would refuse or
// hides one it allows (decision 072).
import type { AgreementMissing, AgreementMode, AgreementState, SponsorshipStatus } from '@sp/shared';

export const FLOW_STEPS = ['package', 'details', 'sign', 'deliver', 'pay'] as const;
export type FlowStepId = (typeof FLOW_STEPS)[number];

/** What a locked step waits for: an earlier step of the sponsor's, or the organiser. */
export type FlowWait = 'package' | 'details' | 'organiser';

export type FlowFacts = {
  status: SponsorshipStatus;
  packages: { offered: number; chosen: boolean; choiceOpen: boolean };
  detailsSaved: boolean;
  /** null: the agreement's state could not be read (the upload steps are shown then). */
  agreement: { mode: AgreementMode; state: AgreementState; missing: AgreementMissing[] } | null;
  /** The signed copy of the organiser's own PDF is uploaded (upload mode). */
  signedCopy: boolean;
  deliverables: { total: number; open: number };
  invoices: { total: number; unpaid: number };
};

export type FlowStep = {
  id: FlowStepId;
  number: number;
  /** done: folded to one line; current: the first one still to do, open; todo: may be done now; locked: waits. */
  state: 'done' | 'current' | 'todo' | 'locked';
  /** A done step the sponsor may still change ("Change") rather than only look at ("Show"). */
  changeable: boolean;
  waitsFor: FlowWait | null;
};

const OPEN: SponsorshipStatus[] = ['invited', 'downloaded', 'signed'];

function signWait(agreement: FlowFacts['agreement']): FlowWait | null {
  if (!agreement || agreement.mode !== 'generated') return null;
  if (agreement.missing.includes('package')) return 'package';
  if (agreement.missing.includes('sponsor_legal_details')) return 'details';
  return agreement.missing.length > 0 ? 'organiser' : null;
}

function signDone(facts: FlowFacts): boolean {
  if (facts.status === 'signed' || facts.status === 'confirmed') return true;
  if (facts.agreement?.mode === 'generated') {
    return facts.agreement.state === 'sponsor_signed' || facts.agreement.state === 'completed';
  }
  return facts.signedCopy;
}

/**
 * The steps in order, numbered from 1 over those that apply: the package only while one is offered
 * and the choice is open (or one was chosen), delivering once there are deliverables, paying once
 * there is an invoice. A step is locked only where the server would refuse it.
 */
export function deriveSponsorFlow(facts: FlowFacts): FlowStep[] {
  const open = OPEN.includes(facts.status);
  const { packages, deliverables, invoices } = facts;
  const candidates: Array<Omit<FlowStep, 'number' | 'state'> & { done: boolean; applies: boolean }> = [
    {
      id: 'package',
      applies: packages.chosen || (packages.offered > 0 && packages.choiceOpen && open),
      done: packages.chosen,
      changeable: packages.choiceOpen && open,
      waitsFor: null,
    },
    { id: 'details', applies: true, done: facts.detailsSaved, changeable: true, waitsFor: null },
    {
      id: 'sign',
      applies: true,
      done: signDone(facts),
      changeable: open && facts.agreement?.mode !== 'generated',
      waitsFor: signWait(facts.agreement),
    },
    {
      id: 'deliver',
      applies: deliverables.total > 0,
      done: deliverables.open === 0,
      changeable: false,
      waitsFor: null,
    },
    { id: 'pay', applies: invoices.total > 0, done: invoices.unpaid === 0, changeable: false, waitsFor: null },
  ];
  let currentTaken = false;
  return candidates
    .filter((step) => step.applies)
    .map((step, index) => {
      let state: FlowStep['state'];
      if (step.done) state = 'done';
      else if (step.waitsFor) state = 'locked';
      else if (!currentTaken) {
        state = 'current';
        currentTaken = true;
      } else state = 'todo';
      const waitsFor = step.done ? null : step.waitsFor;
      return { id: step.id, number: index + 1, state, changeable: step.changeable, waitsFor };
    });
}
