// Kysely for sponsor profiles, the sponsors' consents to the wall and the organisers' wall switches;
// the one writer of sponsor_profiles, sponsor_wall_consents and sponsor_walls. Sponsorships, events,
// organisations and package choices are only read here.
import type { SponsorshipStatus } from '@sp/shared';
import type { Db } from '../../db/index.ts';
import { fromDbBool, fromDbTime, toDbBool, toDbTime } from '../../db/values.ts';

export type ProfileRecord = {
  id: number;
  emailNormalized: string;
  publicName: string;
  descriptionDe: string;
  descriptionEn: string;
  website: string | null;
  logoKey: string | null;
  logoWidth: number | null;
  logoHeight: number | null;
  updatedAt: Date;
};

export type ProfileFields = Pick<ProfileRecord, 'publicName' | 'descriptionDe' | 'descriptionEn' | 'website'>;

export type ConsentRecord = {
  sponsorshipId: number;
  eventId: number;
  eventTitle: string;
  organisationName: string;
  status: SponsorshipStatus;
  showOnWall: boolean;
};

/** A confirmed, consenting sponsor of an event as the wall shows it (no address, no amount). */
export type WallRow = {
  sponsorshipId: number;
  profileId: number;
  publicName: string;
  descriptionDe: string;
  descriptionEn: string;
  website: string | null;
  logoKey: string | null;
  logoWidth: number | null;
  logoHeight: number | null;
  packageName: string | null;
  /** Only to order and size the groups; never sent. */
  priceCents: number | null;
  packagePosition: number | null;
};

const profileColumns = [
  'id',
  'email_normalized',
  'public_name',
  'description_de',
  'description_en',
  'website',
  'logo_key',
  'logo_width',
  'logo_height',
  'updated_at',
] as const;

type ProfileRow = {
  id: number;
  email_normalized: string;
  public_name: string;
  description_de: string;
  description_en: string;
  website: string | null;
  logo_key: string | null;
  logo_width: number | null;
  logo_height: number | null;
  updated_at: string | Date;
};

const toProfile = (row: ProfileRow): ProfileRecord => ({
  id: row.id,
  emailNormalized: row.email_normalized,
  publicName: row.public_name,
  descriptionDe: row.description_de,
  descriptionEn: row.description_en,
  website: row.website,
  logoKey: row.logo_key,
  logoWidth: row.logo_width,
  logoHeight: row.logo_height,
  updatedAt: fromDbTime(row.updated_at),
});

export function createSponsorProfilesRepository(db: Db) {
  const findProfile = async (email: string): Promise<ProfileRecord | undefined> => {
    const row = await db
      .selectFrom('sponsor_profiles')
      .select(profileColumns)
      .where('email_normalized', '=', email)
      .executeTakeFirst();
    return row ? toProfile(row) : undefined;
  };

  /** The profile row of the address, made empty when there is none yet. */
  const ensureProfile = async (email: string, now: Date): Promise<ProfileRecord> => {
    await db
      .insertInto('sponsor_profiles')
      .values({
        email_normalized: email,
        public_name: '',
        description_de: '',
        description_en: '',
        created_at: toDbTime(now),
        updated_at: toDbTime(now),
      })
      .onConflict((oc) => oc.column('email_normalized').doNothing())
      .execute();
    return (await findProfile(email))!;
  };

  return {
    findProfile,
    ensureProfile,

    async findProfileById(id: number): Promise<ProfileRecord | undefined> {
      const row = await db
        .selectFrom('sponsor_profiles')
        .select(profileColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toProfile(row) : undefined;
    },

    async saveProfile(email: string, fields: ProfileFields, now: Date): Promise<ProfileRecord> {
      await ensureProfile(email, now);
      await db
        .updateTable('sponsor_profiles')
        .set({
          public_name: fields.publicName,
          description_de: fields.descriptionDe,
          description_en: fields.descriptionEn,
          website: fields.website,
          updated_at: toDbTime(now),
        })
        .where('email_normalized', '=', email)
        .execute();
      return (await findProfile(email))!;
    },

    /** Points the profile at a new logo; answers the key it replaced. */
    async setLogo(
      profileId: number,
      logo: { key: string | null; width: number | null; height: number | null },
      now: Date,
    ): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('sponsor_profiles')
          .select('logo_key')
          .where('id', '=', profileId)
          .executeTakeFirst();
        await trx
          .updateTable('sponsor_profiles')
          .set({ logo_key: logo.key, logo_width: logo.width, logo_height: logo.height, updated_at: toDbTime(now) })
          .where('id', '=', profileId)
          .execute();
        return before?.logo_key ?? null;
      });
    },

    /** Removes the address's profile and consents (account deletion); answers the logo key. */
    async deleteProfile(email: string): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('sponsor_wall_consents')
          .where('sponsorship_id', 'in', (eb) =>
            eb.selectFrom('sponsorships').select('id').where('sponsor_email_normalized', '=', email),
          )
          .execute();
        const removed = await trx
          .deleteFrom('sponsor_profiles')
          .where('email_normalized', '=', email)
          .returning('logo_key')
          .executeTakeFirst();
        return removed?.logo_key ?? null;
      });
    },

    /** Is the address the sponsor of any sponsorship (with or without an account)? */
    async isSponsor(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('sponsorships')
        .select('id')
        .where('sponsor_email_normalized', '=', email)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The address's sponsorships (or only `onlyId`) with their consent, newest first. */
    async consentsOf(email: string, onlyId: number | null): Promise<ConsentRecord[]> {
      let query = db
        .selectFrom('sponsorships as s')
        .innerJoin('events as e', 'e.id', 's.event_id')
        .innerJoin('organisations as o', 'o.id', 's.organisation_id')
        .leftJoin('sponsor_wall_consents as c', 'c.sponsorship_id', 's.id')
        .select(['s.id', 's.event_id', 'e.title', 'o.name', 's.status', 'c.sponsorship_id as consent'])
        .where('s.sponsor_email_normalized', '=', email);
      if (onlyId !== null) query = query.where('s.id', '=', onlyId);
      const rows = await query.orderBy('s.id', 'desc').execute();
      return rows.map((r) => ({
        sponsorshipId: r.id,
        eventId: r.event_id,
        eventTitle: r.title,
        organisationName: r.name,
        status: r.status,
        showOnWall: r.consent !== null,
      }));
    },

    async setConsent(sponsorshipId: number, show: boolean, now: Date): Promise<void> {
      if (show) {
        await db
          .insertInto('sponsor_wall_consents')
          .values({ sponsorship_id: sponsorshipId, consented_at: toDbTime(now) })
          .onConflict((oc) => oc.column('sponsorship_id').doNothing())
          .execute();
      } else {
        await db.deleteFrom('sponsor_wall_consents').where('sponsorship_id', '=', sponsorshipId).execute();
      }
    },

    async wallEnabled(eventId: number): Promise<boolean> {
      const row = await db
        .selectFrom('sponsor_walls')
        .select('enabled')
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return row ? fromDbBool(row.enabled) : false;
    },

    async setWall(eventId: number, enabled: boolean, by: string, now: Date): Promise<void> {
      await db
        .insertInto('sponsor_walls')
        .values({ event_id: eventId, enabled: toDbBool(enabled), updated_by: by, updated_at: toDbTime(now) })
        .onConflict((oc) =>
          oc.column('event_id').doUpdateSet({ enabled: toDbBool(enabled), updated_by: by, updated_at: toDbTime(now) }),
        )
        .execute();
    },

    /** The event's title and organisation's name, or undefined for an unknown event. */
    async eventHeader(eventId: number): Promise<{ title: string; organisationName: string } | undefined> {
      const row = await db
        .selectFrom('events as e')
        .innerJoin('organisations as o', 'o.id', 'e.organisation_id')
        .select(['e.title', 'o.name'])
        .where('e.id', '=', eventId)
        .executeTakeFirst();
      return row ? { title: row.title, organisationName: row.name } : undefined;
    },

    /** Confirmed sponsorships of the event whose sponsor consented and has a public name. */
    async wallRows(eventId: number): Promise<WallRow[]> {
      const rows = await db
        .selectFrom('sponsorships as s')
        .innerJoin('sponsor_wall_consents as c', 'c.sponsorship_id', 's.id')
        .innerJoin('sponsor_profiles as p', 'p.email_normalized', 's.sponsor_email_normalized')
        .leftJoin('sponsorship_choices as sc', 'sc.sponsorship_id', 's.id')
        .leftJoin('packages as pk', 'pk.id', 'sc.package_id')
        .select([
          's.id as sponsorship_id',
          'p.id',
          'p.public_name',
          'p.description_de',
          'p.description_en',
          'p.website',
          'p.logo_key',
          'p.logo_width',
          'p.logo_height',
          'pk.name as package_name',
          'pk.price_cents',
          'pk.position',
        ])
        .where('s.event_id', '=', eventId)
        .where('s.status', '=', 'confirmed')
        .where('p.public_name', '<>', '')
        .execute();
      return rows.map((r) => ({
        sponsorshipId: r.sponsorship_id,
        profileId: r.id,
        publicName: r.public_name,
        descriptionDe: r.description_de,
        descriptionEn: r.description_en,
        website: r.website,
        logoKey: r.logo_key,
        logoWidth: r.logo_width,
        logoHeight: r.logo_height,
        packageName: r.package_name,
        priceCents: r.price_cents === null ? null : Number(r.price_cents),
        packagePosition: r.position,
      }));
    },
  };
}

export type SponsorProfilesRepository = ReturnType<typeof createSponsorProfilesRepository>;
