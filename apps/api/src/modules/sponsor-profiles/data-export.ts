// What the data export (GDPR art. 20) shows of a sponsor's profile: every field, the logo's address,
// the sponsorships the sponsor agreed to show on a wall, and the legal and billing details.
import type { Db } from '../../db/index.ts';
import { fromDbTime } from '../../db/values.ts';
import { createLegalDetailsRepository, toLegalDetailsWire } from './legal-details.ts';
import { logoUrl } from './service.ts';

export async function sponsorProfileExport(db: Db, emailNormalized: string) {
  const profile = await db
    .selectFrom('sponsor_profiles')
    .selectAll()
    .where('email_normalized', '=', emailNormalized)
    .executeTakeFirst();
  const legal = toLegalDetailsWire(await createLegalDetailsRepository(db).find(emailNormalized)).legal_details;
  if (!profile) return legal ? { legal_details: legal } : null;
  const consents = await db
    .selectFrom('sponsor_wall_consents as c')
    .innerJoin('sponsorships as s', 's.id', 'c.sponsorship_id')
    .select('c.sponsorship_id')
    .where('s.sponsor_email_normalized', '=', emailNormalized)
    .orderBy('c.sponsorship_id')
    .execute();
  return {
    public_name: profile.public_name,
    description_de: profile.description_de,
    description_en: profile.description_en,
    website: profile.website,
    logo_url: profile.logo_key ? logoUrl(profile.id, profile.logo_key) : null,
    created_at: fromDbTime(profile.created_at).toISOString(),
    updated_at: fromDbTime(profile.updated_at).toISOString(),
    wall_consents: consents.map((c) => c.sponsorship_id),
    legal_details: legal,
  };
}
