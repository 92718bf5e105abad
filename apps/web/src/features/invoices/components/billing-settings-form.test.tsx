import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BillingSettingsResponse } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { createTestAuth, renderWithApp } from '@/testing/render';
import { BillingSettingsForm } from './billing-settings-form';

const year = new Date().getFullYear();

async function renderForm(canEdit = true) {
  const sent: unknown[] = [];
  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve('token-1'),
    fetch: (_input, init) => {
      const body = JSON.parse(String(init?.body)) as BillingSettingsResponse['settings'];
      sent.push(body);
      const answer: BillingSettingsResponse = {
        settings: { ...body!, updated_at: '2026-01-01T00:00:00Z' },
        master_data: {
          name: 'Verein',
          street: 'Weg',
          house_number: '1',
          postal_code: '12345',
          city: 'Ort',
          country: 'DE',
        },
        missing: [],
      };
      return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
    },
  });
  const auth = await createTestAuth({ user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token-1' });
  await renderWithApp(
    <BillingSettingsForm organisationId={4} settings={null} organisationName="Verein" canEdit={canEdit} />,
    { auth },
  );
  return sent;
}

describe('BillingSettingsForm', () => {
  it('shows the numbers the format gives, as it is typed', async () => {
    await renderForm();
    const example = await screen.findByTestId('number-example');
    expect(example).toHaveTextContent(`Beispiel: RE-${year}-0001, danach RE-${year}-0002`);
    const field = screen.getByLabelText('Format der Rechnungsnummer');
    await userEvent.clear(field);
    await userEvent.type(field, '{{YY}/{{NNN}');
    expect(screen.getByTestId('number-example')).toHaveTextContent(
      `Beispiel: ${String(year).slice(2)}/001, danach ${String(year).slice(2)}/002`,
    );
    await userEvent.clear(field);
    await userEvent.type(field, 'RE-{{YYYY}');
    expect(screen.queryByTestId('number-example')).not.toBeInTheDocument();
  });

  it('checks IBAN, BIC and the tax id in the browser before anything is sent', async () => {
    const sent = await renderForm();
    await userEvent.type(await screen.findByLabelText('IBAN'), 'DE89 3704 0044 0532 0130 01');
    await userEvent.type(screen.getByLabelText('BIC'), 'COBADEF');
    await userEvent.click(screen.getByRole('button', { name: 'Angaben speichern' }));
    expect(await screen.findByText('Diese IBAN ist ungültig (Länge oder Prüfziffer).')).toBeInTheDocument();
    expect(screen.getByText('Dieser BIC ist ungültig (8 oder 11 Zeichen).')).toBeInTheDocument();
    expect(screen.getByText('Bitte Steuernummer oder USt-IdNr. angeben.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the settings normalised; 0 % needs a reason', async () => {
    const sent = await renderForm();
    await userEvent.type(await screen.findByLabelText('USt-IdNr.'), 'de 123456789');
    await userEvent.type(screen.getByLabelText('IBAN'), 'de89 3704 0044 0532 0130 00');
    await userEvent.type(screen.getByLabelText('BIC'), 'cobadeffxxx');
    await userEvent.click(screen.getByLabelText('0 % (mit Begründung)'));
    await userEvent.click(screen.getByRole('button', { name: 'Angaben speichern' }));
    expect(await screen.findByText('Bitte die Begründung für 0 % angeben.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Begründung für 0 %'), 'Steuerfrei nach § 4 Nr. 22 UStG');
    await userEvent.click(screen.getByRole('button', { name: 'Angaben speichern' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      vat_id: 'DE123456789',
      tax_number: null,
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      default_vat_rate: 0,
      zero_rate_reason: 'Steuerfrei nach § 4 Nr. 22 UStG',
      number_format: 'RE-{YYYY}-{NNNN}',
      payment_term_days: 14,
    });
  });

  it('shows the § 19 note instead of the rates for a small business', async () => {
    await renderForm();
    await userEvent.click(await screen.findByLabelText('Kleinunternehmer nach § 19 UStG'));
    expect(screen.getByTestId('small-business-note')).toHaveTextContent(
      'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
    );
    expect(screen.queryByLabelText('19 %')).not.toBeInTheDocument();
  });

  it('is read-only for members', async () => {
    await renderForm(false);
    expect(await screen.findByLabelText('IBAN')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Angaben speichern' })).not.toBeInTheDocument();
  });
});
