// Billing settings (issue 20): the seller's tax ids, bank account, payment term, number format, VAT
// rule and reminders, per organisation. The only writer of billing_settings; the invoices module reads
// them through settingsOf and formats numbers with formatNumber.
import type { Db } from '../../db/index.ts';
import { defineModule } from '../kit.ts';
import { createBillingRepository, type BillingSettings } from './repository.ts';
import { billingRoutes } from './routes.ts';
import { createBillingService } from './service.ts';

export { formatNumber } from './number-format.ts';
export type { BillingSettings } from './repository.ts';

/** The settings of an organisation read without the app (the operator command that sends reminders). */
export const billingSettingsReader = (db: Db) => (organisationId: number) =>
  createBillingRepository(db).find(organisationId);

export type BillingApi = {
  settingsOf(organisationId: number): Promise<BillingSettings | null>;
};

export const billingModule = defineModule({
  name: 'billing',
  ports: ['db', 'clock'],
  setup: ({ db, clock, use }) => {
    const billing = createBillingService({
      repo: createBillingRepository(db),
      access: use('access', 'events'),
      profiles: use('profiles'),
      clock,
    });
    return {
      api: { settingsOf: billing.settingsOf },
      routes: async (app) => app.register(billingRoutes, { billing }),
    };
  },
});

declare module '../kit.ts' {
  interface ModuleApis {
    billing: BillingApi;
  }
}
