import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SponsorshipActivityWire } from '@sp/shared';
import { changeLanguage } from '@/lib/i18n';
import { renderWithApp } from '@/testing/render';
import { ActivityList } from './activity-list';

const entry = (id: number, change: Partial<SponsorshipActivityWire> = {}): SponsorshipActivityWire => ({
  id,
  at: `2026-05-0${id}T10:00:00Z`,
  side: 'organisation',
  by: 'Sportverein',
  kind: 'amount_changed',
  package_name: null,
  amount_cents: id * 100_000,
  note: null,
  from_status: null,
  to_status: null,
  ...change,
});

const shown = () => screen.getByTestId('sponsorship-activity').querySelectorAll('li').length;

describe('ActivityList', () => {
  it('shows the latest three entries and the earlier ones on request', async () => {
    await renderWithApp(<ActivityList activity={[1, 2, 3, 4, 5].map((id) => entry(id))} />);
    expect(shown()).toBe(3);
    expect(screen.getByTestId('sponsorship-activity')).toHaveTextContent('5.000,00');
    expect(screen.getByTestId('sponsorship-activity')).not.toHaveTextContent('1.000,00');
    await userEvent.click(screen.getByRole('button', { name: '2 frühere Einträge zeigen' }));
    expect(shown()).toBe(5);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says one earlier entry in the singular, and shows a short log whole', async () => {
    const { unmount } = await renderWithApp(<ActivityList activity={[1, 2, 3, 4].map((id) => entry(id))} />);
    expect(screen.getByRole('button', { name: '1 früheren Eintrag zeigen' })).toBeInTheDocument();
    unmount();
    await renderWithApp(<ActivityList activity={[1, 2, 3].map((id) => entry(id))} />);
    expect(shown()).toBe(3);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("names the sponsor's own entries as its own when the sponsor reads, the address when the organisation does", async () => {
    const activity = [
      entry(1, { kind: 'offered', package_name: 'Gold', by: 'Sportverein' }),
      entry(2, { kind: 'chosen', package_name: 'Gold', side: 'sponsor', by: 'a@sponsor.de' }),
    ];
    const { unmount } = await renderWithApp(<ActivityList activity={activity} viewer="sponsor" />);
    const log = screen.getByTestId('sponsorship-activity');
    expect(log).toHaveTextContent('Sportverein hat angeboten: Gold');
    expect(log).toHaveTextContent('Sie haben gewählt: Gold');
    expect(log).not.toHaveTextContent('a@sponsor.de');
    unmount();
    await changeLanguage('en');
    await renderWithApp(<ActivityList activity={activity} />);
    expect(screen.getByTestId('sponsorship-activity')).toHaveTextContent('a@sponsor.de chose: Gold');
  });

  it("names the sponsor's entries by its organisation for the organisation, once it is known", async () => {
    const activity = [entry(1, { kind: 'chosen', package_name: 'Gold', side: 'sponsor', by: 'a@sponsor.de' })];
    await renderWithApp(<ActivityList activity={activity} sponsorName="Muster Brauerei GmbH" />);
    const log = screen.getByTestId('sponsorship-activity');
    expect(log).toHaveTextContent('Muster Brauerei GmbH hat gewählt: Gold');
    expect(log).not.toHaveTextContent('a@sponsor.de');
  });

  it("names an organisation member's own entries as theirs, a colleague's and the sponsor's by address", async () => {
    const activity = [
      entry(1, { kind: 'offered', package_name: 'Gold', by: 'Anna@Verein.de' }),
      entry(2, { kind: 'offered', package_name: 'Silber', by: 'ben@verein.de' }),
      entry(3, { kind: 'chosen', package_name: 'Gold', side: 'sponsor', by: 'a@sponsor.de' }),
    ];
    await renderWithApp(<ActivityList activity={activity} selfEmail="anna@verein.de" />);
    const log = screen.getByTestId('sponsorship-activity');
    expect(log).toHaveTextContent('Sie haben angeboten: Gold');
    expect(log).toHaveTextContent('ben@verein.de hat angeboten: Silber');
    expect(log).toHaveTextContent('a@sponsor.de hat gewählt: Gold');
  });
});
