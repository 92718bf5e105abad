import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgreementVerification } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { renderWithApp } from '@/testing/render';
import { VerifyAgreementPage } from './verify-agreement-page';

const HASH = 'c'.repeat(64);
const signers = [{ name: 'Jörg Weiß', side: 'sponsor' as const, signed_at: '2026-05-02T09:00:00.000Z' }];
let answer: AgreementVerification;

beforeEach(() => {
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve(null),
    fetch: () =>
      Promise.resolve(
        new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }),
      ),
  });
});
afterEach(() => changeLanguage('de'));

async function check() {
  await renderWithApp(<VerifyAgreementPage />);
  await userEvent.type(screen.getByLabelText(/SHA-256/), HASH);
  await userEvent.click(screen.getByRole('button', { name: /Prüfen|Check/ }));
  return screen.findByTestId('verify-result');
}

describe('VerifyAgreementPage', () => {
  it('confirms the genuine copy and says our stored copy is damaged, never "not on record" (decision 062)', async () => {
    answer = { found: true, status: 'stored_copy_damaged', signed_at: '2026-05-02T09:00:00.000Z', signers };
    const result = await check();
    expect(result).toHaveAttribute('data-status', 'stored_copy_damaged');
    expect(result).toHaveTextContent(
      'ist eine bei uns hinterlegte unterschriebene Vereinbarung, aber unsere gespeicherte Kopie',
    );
    expect(result).toHaveTextContent('Jörg Weiß');
    expect(result).not.toHaveTextContent('ist keine bei uns hinterlegte');
  });

  it('says the same in English', async () => {
    await changeLanguage('en');
    answer = { found: true, status: 'stored_copy_damaged', signed_at: '2026-05-02T09:00:00.000Z', signers };
    const result = await check();
    expect(result).toHaveTextContent('but our stored copy of it is damaged');
    expect(result).toHaveTextContent('so it is the genuine agreement: keep it');
  });

  it('tells a verified agreement apart from the damaged case', async () => {
    answer = { found: true, status: 'verified', signed_at: '2026-05-02T09:00:00.000Z', signers };
    const result = await check();
    expect(result).toHaveAttribute('data-status', 'verified');
    expect(result).toHaveTextContent('ist eine unterschriebene Vereinbarung, die bei uns hinterlegt ist.');
    expect(result).not.toHaveTextContent('beschädigt');
  });

  it('says when a document is not on record', async () => {
    answer = { found: false, status: 'not_found' };
    expect(await check()).toHaveAttribute('data-found', 'false');
  });
});
