import { describe, expect, it } from 'vitest';
import { deriveSponsorFlow, type FlowFacts } from './steps';

const fresh: FlowFacts = {
  status: 'invited',
  packages: { offered: 2, chosen: false, choiceOpen: true },
  detailsSaved: false,
  agreement: { mode: 'generated', state: 'not_generated', missing: ['package', 'sponsor_legal_details'] },
  signedCopy: false,
  deliverables: { total: 0, open: 0 },
  invoices: { total: 0, unpaid: 0 },
};

const brief = (facts: FlowFacts) =>
  deriveSponsorFlow(facts).map(
    (step) => `${step.number}.${step.id}:${step.state}${step.waitsFor ? `>${step.waitsFor}` : ''}`,
  );

describe('deriveSponsorFlow', () => {
  it('starts with the package; signing the generated agreement waits for it', () => {
    expect(brief(fresh)).toEqual(['1.package:current', '2.details:todo', '3.sign:locked>package']);
  });

  it('moves on as the package and the details are saved', () => {
    const chosen = { ...fresh, packages: { ...fresh.packages, chosen: true } };
    const withDetails = {
      ...chosen,
      detailsSaved: true,
      agreement: { mode: 'generated', state: 'draft', missing: [] },
    };
    expect(brief({ ...chosen, agreement: { ...fresh.agreement!, missing: ['sponsor_legal_details'] } })).toEqual([
      '1.package:done',
      '2.details:current',
      '3.sign:locked>details',
    ]);
    expect(brief(withDetails as FlowFacts)).toEqual(['1.package:done', '2.details:done', '3.sign:current']);
  });

  it('leaves out the package without an offer, and numbers what applies from 1', () => {
    const upload: FlowFacts = {
      ...fresh,
      packages: { offered: 0, chosen: false, choiceOpen: true },
      agreement: { mode: 'upload', state: 'not_generated', missing: [] },
    };
    expect(brief(upload)).toEqual(['1.details:current', '2.sign:todo']);
    // The organiser's own PDF needs no details: uploading it first is allowed and counts.
    expect(brief({ ...upload, signedCopy: true, status: 'signed' })).toEqual(['1.details:current', '2.sign:done']);
  });

  it('offers no package choice once confirmed, then delivering and paying as they arrive', () => {
    const confirmed: FlowFacts = {
      ...fresh,
      status: 'confirmed',
      packages: { offered: 2, chosen: true, choiceOpen: false },
      detailsSaved: true,
      agreement: { mode: 'generated', state: 'completed', missing: [] },
      deliverables: { total: 3, open: 1 },
      invoices: { total: 1, unpaid: 1 },
    };
    const steps = deriveSponsorFlow(confirmed);
    expect(steps.map((step) => `${step.number}.${step.id}:${step.state}`)).toEqual([
      '1.package:done',
      '2.details:done',
      '3.sign:done',
      '4.deliver:current',
      '5.pay:todo',
    ]);
    expect(steps.find((step) => step.id === 'package')?.changeable).toBe(false);
    expect(steps.find((step) => step.id === 'details')?.changeable).toBe(true);
    const unchosen = { ...confirmed, packages: { offered: 2, chosen: false, choiceOpen: false } };
    expect(brief(unchosen)[0]).toBe('1.details:done');
    const settled = { ...confirmed, deliverables: { total: 3, open: 0 }, invoices: { total: 1, unpaid: 0 } };
    expect(deriveSponsorFlow(settled).every((step) => step.state === 'done')).toBe(true);
  });

  it('names the organiser when the draft waits for their data', () => {
    const waiting = {
      ...fresh,
      packages: { ...fresh.packages, chosen: true },
      detailsSaved: true,
      agreement: {
        mode: 'generated' as const,
        state: 'not_generated' as const,
        missing: ['organisation_address' as const],
      },
    };
    expect(brief(waiting)).toEqual(['1.package:done', '2.details:done', '3.sign:locked>organiser']);
  });
});
