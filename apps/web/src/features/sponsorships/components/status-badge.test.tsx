import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { renderWithApp } from '@/testing/render';
import { StatusBadge } from './status-badge';

const copy = { s3Id: 'f1', name: 'signed.pdf', key: 'k', size: 10, uploadedAt: '2026-05-01T10:00:00Z' };

afterEach(async () => {
  await changeLanguage('de');
});

describe('StatusBadge', () => {
  it.each([
    ['de', 'Im Browser unterschrieben', 'Unterschrieben eingereicht'],
    ['en', 'Signed in the browser', 'Signed copy submitted'],
  ] as const)('tells a signature in the browser from an uploaded copy (%s)', async (language, browser, upload) => {
    await changeLanguage(language);
    await renderWithApp(
      <>
        <StatusBadge sponsorship={{ status: 'signed', signedAgreement: null }} />
        <StatusBadge sponsorship={{ status: 'signed', signedAgreement: copy }} />
      </>,
    );
    const badges = await screen.findAllByText(/./, { selector: '[data-status="signed"]' });
    expect(badges.map((b) => b.textContent)).toEqual([browser, upload]);
  });

  it('names the other states by their status alone', async () => {
    await renderWithApp(<StatusBadge sponsorship={{ status: 'confirmed', signedAgreement: copy }} />);
    expect(await screen.findByText('Bestätigt')).toHaveAttribute('data-status', 'confirmed');
  });
});
