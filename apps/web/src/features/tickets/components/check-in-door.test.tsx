import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { renderWithApp } from '@/testing/render';
import { CheckInDoor } from './check-in-door';

// The door's limit (decision 086): past the check-ins per account and minute the API answers 429
// `ticket.too-many-attempts`; the door says to wait, in the visitor's language, and a later answer
// replaces the message.
let answers: Array<{ status: number; body: unknown }>;

beforeEach(() => {
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token'),
    fetch: () => {
      const { status, body } = answers.shift()!;
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': status === 200 ? 'application/json' : 'application/problem+json' },
        }),
      );
    },
  });
});
afterEach(() => changeLanguage('de'));

const limited = {
  status: 429,
  body: {
    type: 'urn:sp:problem:ticket.too-many-attempts',
    title: 'Too Many Requests',
    status: 429,
    code: 'ticket.too-many-attempts',
    detail: 'x',
  },
};
const admitted = {
  status: 200,
  body: {
    result: 'admitted',
    checked_in_at: '2030-07-04T08:00:00.000Z',
    name: 'Ada Lovelace',
    sponsor_email: 's@example.org',
  },
};

async function check(code: string) {
  const field = screen.getByLabelText(/Ticket-Code|Ticket code/);
  await userEvent.clear(field);
  await userEvent.type(field, code);
  await userEvent.click(screen.getByRole('button', { name: /Prüfen|Check/ }));
}

describe('CheckInDoor', () => {
  it('says to wait a minute when the account checked in too often, then admits again', async () => {
    answers = [limited, admitted];
    await renderWithApp(<CheckInDoor eventId={7} />);
    await check('7-1-AAAA');
    expect(await screen.findByText(/Zu viele Prüfungen in kurzer Zeit von diesem Konto/)).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Bitte warten Sie eine Minute');
    await check('7-2-BBBB');
    expect(await screen.findByText('Eingelassen')).toBeVisible();
    expect(screen.queryByText(/Zu viele Prüfungen/)).toBeNull();
  });

  it('says the same in English', async () => {
    await changeLanguage('en');
    answers = [limited];
    await renderWithApp(<CheckInDoor eventId={7} />);
    await check('7-1-AAAA');
    expect(await screen.findByText(/Too many checks from this account in a short time/)).toBeVisible();
  });
});
