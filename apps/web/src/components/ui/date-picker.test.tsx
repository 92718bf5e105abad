import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { DatePicker } from './date-picker';

function Harness({ locale, initial = '' }: { locale: string; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="date">Date</label>
      <DatePicker
        id="date"
        value={value}
        onChange={setValue}
        locale={locale}
        labels={{
          openCalendar: 'Open calendar',
          calendar: 'Choose a date',
          previousMonth: 'Previous month',
          nextMonth: 'Next month',
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('DatePicker', () => {
  // The calendar is its own chunk, loaded on first use; its first transform here is slow.
  beforeAll(() => import('./calendar'), 30_000);

  it('opens a named calendar that axe finds nothing serious in', async () => {
    const user = userEvent.setup();
    render(<Harness locale="de-DE" initial="2025-12-24" />);
    await user.click(screen.getByRole('button', { name: 'Open calendar' }));
    await screen.findByRole('grid');
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Choose a date');
    // Colours need a layout jsdom has not; the e2e axe test has them.
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('picks a day from the calendar with the keyboard, in German', async () => {
    const user = userEvent.setup();
    render(<Harness locale="de-DE" initial="2025-12-24" />);
    expect(screen.getByLabelText('Date')).toHaveValue('24.12.2025');

    await user.click(screen.getByRole('button', { name: 'Open calendar' }));
    const day = await screen.findByRole('button', { name: 'Mittwoch, 24. Dezember 2025' });
    await waitFor(() => expect(day).toHaveFocus());
    expect(screen.getByRole('grid')).toHaveAccessibleName('Dezember 2025');
    // Weeks start on Monday.
    expect(screen.getByRole('grid').querySelector('button')).toHaveAccessibleName('Montag, 1. Dezember 2025');
    // A week on (31.12.2025), a year on (Shift+PageDown), a month back (PageUp: 30.11.2026, a
    // Monday), to the week's end (End).
    await user.keyboard('{ArrowDown}{Shift>}{PageDown}{/Shift}{PageUp}{End}');
    expect(screen.getByRole('button', { name: 'Sonntag, 6. Dezember 2026' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-12-06');
    expect(screen.getByLabelText('Date')).toHaveValue('06.12.2026');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('names months and days in English and closes with Escape without choosing', async () => {
    const user = userEvent.setup();
    render(<Harness locale="en-GB" initial="2025-03-05" />);
    expect(screen.getByLabelText('Date')).toHaveValue('05/03/2025');

    await user.click(screen.getByRole('button', { name: 'Open calendar' }));
    const day = await screen.findByRole('button', { name: 'Wednesday, 5 March 2025' });
    await waitFor(() => expect(day).toHaveFocus());
    expect(screen.getByRole('grid')).toHaveAccessibleName('March 2025');
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('grid')).toHaveAccessibleName('April 2025');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('2025-03-05');
  });
});
