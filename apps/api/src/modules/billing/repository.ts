// billing_settings: one row per organisation (the billing module is its only writer).
import type { BillingSettingsInput, VatRate } from '@sp/shared';
import type { Db } from '../../db/index.ts';
import { recordOperatorEntry } from '../operator-log/index.ts';
import { fromDbBool, fromDbTime, toDbBool, toDbTime } from '../../db/values.ts';

export type BillingSettings = BillingSettingsInput & { updated_at: string };

export function createBillingRepository(db: Db) {
  return {
    async find(organisationId: number): Promise<BillingSettings | null> {
      const row = await db
        .selectFrom('billing_settings')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        legal_name: row.legal_name,
        tax_number: row.tax_number,
        vat_id: row.vat_id,
        iban: row.iban,
        bic: row.bic,
        bank_name: row.bank_name,
        payment_term_days: row.payment_term_days,
        number_format: row.number_format,
        small_business: fromDbBool(row.small_business),
        default_vat_rate: row.default_vat_rate as VatRate,
        zero_rate_reason: row.zero_rate_reason,
        reminders_enabled: fromDbBool(row.reminders_enabled),
        reminder_stages: row.reminder_stages,
        reminder_interval_days: row.reminder_interval_days,
        updated_at: fromDbTime(row.updated_at).toISOString(),
      };
    },

    async save(organisationId: number, input: BillingSettingsInput, by: string, at: Date): Promise<void> {
      const values = {
        ...input,
        small_business: toDbBool(input.small_business),
        reminders_enabled: toDbBool(input.reminders_enabled),
        updated_by: by,
        updated_at: toDbTime(at),
      };
      // The operator log's entry commits with the change or not at all (decision 077).
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('billing_settings')
          .values({ organisation_id: organisationId, ...values })
          .onConflict((oc) => oc.column('organisation_id').doUpdateSet(values))
          .execute();
        await recordOperatorEntry(trx, {
          organisationId,
          actor: { kind: 'user', email: by },
          action: 'billing.settings-changed',
          at,
        });
      });
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
