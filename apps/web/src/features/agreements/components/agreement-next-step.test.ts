import { describe, expect, it } from 'vitest';
import type { AgreementStateResponse } from '@sp/shared';
import { generatedNextStep } from './agreement-next-step';

const state = (change: Partial<AgreementStateResponse>): AgreementStateResponse => ({
  sponsorship_id: 1,
  mode: 'generated',
  state: 'draft',
  language: 'de',
  language_choice: null,
  your_side: 'sponsor',
  document_sha256: null,
  may_sign: false,
  sign_block: 'details_missing',
  missing: [],
  signatures: [],
  voided_notice: null,
  signed_document: null,
  links: { draft_pdf: null, signed_pdf: null, verify_page: '/verify-agreement/' },
  ...change,
});

describe('the sponsor’s next step with a generated agreement', () => {
  it('goes package, details, the organiser’s details, signing, the countersignature', () => {
    expect(generatedNextStep(state({ missing: ['package', 'sponsor_legal_details'] }))).toBe('package');
    expect(generatedNextStep(state({ missing: ['sponsor_legal_details', 'organisation_address'] }))).toBe('details');
    expect(generatedNextStep(state({ missing: ['organisation_address'] }))).toBe('organiser');
    expect(generatedNextStep(state({ may_sign: true, sign_block: null }))).toBe('sign');
    expect(generatedNextStep(state({ state: 'sponsor_signed', sign_block: 'already_signed' }))).toBe('countersign');
  });

  it('leaves the status’s step for the own PDF, a sealed agreement and the organiser’s view', () => {
    expect(generatedNextStep(state({ mode: 'upload', state: 'not_generated', missing: ['package'] }))).toBeNull();
    expect(generatedNextStep(state({ state: 'completed', sign_block: 'completed' }))).toBeNull();
    expect(generatedNextStep(state({ your_side: 'organisation', missing: ['package'] }))).toBeNull();
  });
});
