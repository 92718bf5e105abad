// The sponsor's legal details (sponsor-profiles' form), which the generated agreement needs: the
// flow's details step holds the form (decision 072). Country and document language keep
// their defaults (Germany, the page's language).
import { expect, type Locator } from '@playwright/test';

const LABELS = {
  de: {
    saved: 'Rechnungs- und Vertragsdaten gespeichert',
    legalName: 'Rechtlicher Name',
    street: 'Straße',
    houseNumber: 'Hausnummer',
    postalCode: 'Postleitzahl',
    city: 'Ort',
    vatId: 'USt-IdNr.',
    save: 'Daten speichern',
  },
  en: {
    saved: 'Billing and contract details saved',
    legalName: 'Legal name',
    street: 'Street',
    houseNumber: 'House number',
    postalCode: 'Postal code',
    city: 'City',
    vatId: 'VAT ID',
    save: 'Save details',
  },
} as const;

export async function enterLegalDetails(card: Locator, language: 'de' | 'en') {
  const label = LABELS[language];
  await card.getByLabel(label.legalName).fill('Muster Brauerei GmbH');
  await card.getByLabel(label.street).fill('Brauweg');
  await card.getByLabel(label.houseNumber).fill('7');
  await card.getByLabel(label.postalCode).fill('80331');
  await card.getByLabel(label.city, { exact: true }).fill('München');
  await card.getByLabel(label.vatId).fill('DE123456789');
  await card.getByRole('button', { name: label.save }).click();
  await expect(card.page().getByText(label.saved).first()).toBeVisible();
}
