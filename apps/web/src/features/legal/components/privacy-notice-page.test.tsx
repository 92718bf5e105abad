import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { PrivacyNoticePage } from './privacy-notice-page';

describe('PrivacyNoticePage', () => {
  it('says which signed agreements are kept after a deletion, for how long and for whom', async () => {
    await renderWithApp(<PrivacyNoticePage />, { path: '/privacy-notice/' });

    expect(
      screen.getByRole('heading', { level: 3, name: 'Aufbewahrte Vereinbarungen nach Löschung einer Organisation' }),
    ).toBeInTheDocument();
    const retention = screen.getByRole('heading', { level: 2, name: 'Speicherdauer' }).parentElement!;
    expect(retention).toHaveTextContent('zehn Jahre aufbewahrt');
    expect(retention).toHaveTextContent('§ 257 HGB, § 147 AO');
    expect(retention).toHaveTextContent('sichtbar nur für den Sponsor');
    expect(retention).toHaveTextContent('Kündigt der Sponsor sein Konto, bleibt das Sponsoring');
  });
});
