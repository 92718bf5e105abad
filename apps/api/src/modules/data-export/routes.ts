// GET /data-export: everything the platform holds about the caller, as one JSON file (GDPR art. 20,
// data portability). Read-only; what other people wrote is included only where it is part of the
// caller's own record (the conversations they take part in are listed, their own messages in full).
// Secrets (password hash, MFA secret, refresh token hashes, device verifiers) are never part of it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Language } from '@sp/shared';
import type { Db } from '../../db/index.ts';
import { fromDbBool, fromDbTime, fromDbTimeOrNull } from '../../db/values.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { archivedAgreementsOf, toArchivedAgreementWire } from '../agreement-archive/index.ts';
import { agreementsExport } from '../agreements/index.ts';
import { normaliseEmail } from '../../lib/email.ts';
import { packagesOfSponsorships } from './sponsoring-sections.ts';
import { sponsorProfileExport } from '../sponsor-profiles/index.ts';
import { invoicesExport } from '../invoices/index.ts';
import { sponsorNotesExport } from '../sponsor-view/index.ts';

const iso = (value: string | Date) => fromDbTime(value).toISOString();
const isoOrNull = (value: string | Date | null) => fromDbTimeOrNull(value)?.toISOString() ?? null;

function parseAttributes(text: string): Record<string, string> {
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

export function collectUserData(
  db: Db,
  user: { sub: string; email: string },
  now: Date,
  defaultLanguage: Language = 'de',
) {
  const email = normaliseEmail(user.email);
  return (async () => {
    // With a real Cognito pool the account lives there, and these tables hold nothing of the caller.
    const identityUser = await db
      .selectFrom('identity_users')
      .select(['email', 'email_verified', 'pending_email', 'status', 'attributes', 'totp_enabled', 'created_at'])
      .where('sub', '=', user.sub)
      .executeTakeFirst();
    const sessions = await db
      .selectFrom('identity_sessions')
      .select(['client_id', 'auth_time', 'created_at', 'expires_at', 'revoked_at'])
      .where('user_sub', '=', user.sub)
      .orderBy('created_at')
      .execute();
    const devices = await db
      .selectFrom('identity_devices')
      .select(['name', 'remembered', 'last_ip', 'created_at', 'last_authenticated_at'])
      .where('user_sub', '=', user.sub)
      .orderBy('created_at')
      .execute();
    const profile = await db
      .selectFrom('user_profiles')
      .selectAll()
      .where('cognito_id', '=', user.sub)
      .executeTakeFirst();
    const organisation =
      profile?.organisation_id != null
        ? await db.selectFrom('organisations').selectAll().where('id', '=', profile.organisation_id).executeTakeFirst()
        : undefined;
    const eventsCreated = await db
      .selectFrom('events')
      .select(['id', 'title', 'event_date', 'location', 'description', 'created_at', 'updated_at'])
      .where('created_by', '=', user.sub)
      .orderBy('id')
      .execute();
    const invitationsSent = await db
      .selectFrom('invitations')
      .select(['kind', 'email', 'role', 'event_id', 'created_at', 'expires_at', 'accepted_at'])
      .where('invited_by', '=', user.sub)
      .orderBy('id')
      .execute();
    const sponsorships = await db
      .selectFrom('sponsorships as s')
      .innerJoin('events as e', 'e.id', 's.event_id')
      .innerJoin('organisations as o', 'o.id', 's.organisation_id')
      .leftJoin('event_files as f', 'f.s3_id', 's.signed_file_id')
      .select([
        's.id',
        'e.title as event_title',
        'e.event_date',
        'o.name as organisation_name',
        's.status',
        's.amount_cents',
        's.agreement_downloaded_at',
        's.signed_uploaded_at',
        'f.name as signed_agreement_name',
        's.created_at',
      ])
      .where('s.sponsor_email_normalized', '=', email)
      .orderBy('s.id')
      .execute();
    const conversations = await db
      .selectFrom('conversations as c')
      .innerJoin('organisations as o', 'o.id', 'c.organisation_id')
      .select(['c.id', 'c.sponsor_email', 'o.name as organisation_name', 'c.created_at'])
      .where((eb) =>
        profile?.organisation_id != null
          ? eb.or([eb('c.organisation_id', '=', profile.organisation_id), eb('c.sponsor_email_normalized', '=', email)])
          : eb('c.sponsor_email_normalized', '=', email),
      )
      .orderBy('c.id')
      .execute();
    // Own messages: written signed in (sender id), or as the sponsor side of a conversation naming the address.
    const messages = await db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select(['m.id', 'm.conversation_id', 'm.body', 'm.sent_at', 'm.read_at'])
      .where('m.type', '=', 'text')
      .where((eb) =>
        eb.or([
          eb('m.sender_id', '=', user.sub),
          eb.and([eb('m.sender_side', '=', 'sponsor'), eb('c.sponsor_email_normalized', '=', email)]),
        ]),
      )
      .orderBy('m.id')
      .execute();

    const invitationsReceived = await db
      .selectFrom('invitations as i')
      .innerJoin('organisations as o', 'o.id', 'i.organisation_id')
      .select([
        'i.kind',
        'i.email',
        'i.role',
        'o.name as organisation_name',
        'i.created_at',
        'i.expires_at',
        'i.accepted_at',
      ])
      .where('i.email_normalized', '=', email)
      .orderBy('i.id')
      .execute();
    const notifications = await db
      .selectFrom('notifications')
      .select(['id', 'kind', 'params', 'link', 'count', 'created_at', 'read_at'])
      .where('recipient_id', '=', user.sub)
      .orderBy('id')
      .execute();
    const archivedAgreements = await archivedAgreementsOf(db, email);
    const sponsorshipPackages = await packagesOfSponsorships(
      db,
      sponsorships.map((s) => s.id),
    );
    const sponsorProfile = await sponsorProfileExport(db, email);
    const invoices = await invoicesExport(db, email, profile?.organisation_id ?? null, now);
    const agreements = await agreementsExport(db, email);
    const sponsorNotes = await sponsorNotesExport(db, user.sub);

    return {
      exported_at: now.toISOString(),
      account: { cognito_id: user.sub, email: user.email },
      identity: identityUser
        ? {
            email: identityUser.email,
            email_verified: fromDbBool(identityUser.email_verified),
            pending_email: identityUser.pending_email,
            status: identityUser.status,
            attributes: parseAttributes(identityUser.attributes),
            mfa_enabled: fromDbBool(identityUser.totp_enabled),
            created_at: iso(identityUser.created_at),
            sessions: sessions.map((x) => ({
              client_id: x.client_id,
              signed_in_at: iso(x.auth_time),
              created_at: iso(x.created_at),
              expires_at: iso(x.expires_at),
              revoked_at: isoOrNull(x.revoked_at),
            })),
            devices: devices.map((d) => ({
              name: d.name,
              remembered: fromDbBool(d.remembered),
              last_ip: d.last_ip,
              created_at: iso(d.created_at),
              last_authenticated_at: iso(d.last_authenticated_at),
            })),
          }
        : null,
      settings: profile
        ? {
            language: profile.language === 'de' || profile.language === 'en' ? profile.language : defaultLanguage,
            chat_email_notices: fromDbBool(profile.chat_email_notices),
            dashboard_view: profile.dashboard_view,
          }
        : null,
      profile: profile
        ? {
            role: profile.role,
            organisation_role: profile.organisation_role,
            language: profile.language,
            chat_email_notices: fromDbBool(profile.chat_email_notices),
            onboarding_completed: fromDbBool(profile.onboarding_completed),
            created_at: iso(profile.created_at),
            updated_at: iso(profile.updated_at),
          }
        : null,
      organisation: organisation
        ? {
            name: organisation.name,
            street: organisation.street,
            house_number: organisation.house_number,
            postal_code: organisation.postal_code,
            city: organisation.city,
            country: organisation.country,
            phone_number: organisation.phone_number,
          }
        : null,
      events_created: eventsCreated.map((e) => ({
        ...e,
        created_at: iso(e.created_at),
        updated_at: iso(e.updated_at),
      })),
      invitations_sent: invitationsSent.map((i) => ({
        ...i,
        created_at: iso(i.created_at),
        expires_at: iso(i.expires_at),
        accepted_at: isoOrNull(i.accepted_at),
      })),
      sponsorships: sponsorships.map((s) => ({
        ...s,
        amount_cents: s.amount_cents === null ? null : Number(s.amount_cents),
        agreement_downloaded_at: isoOrNull(s.agreement_downloaded_at),
        signed_uploaded_at: isoOrNull(s.signed_uploaded_at),
        created_at: iso(s.created_at),
        ...sponsorshipPackages.get(s.id),
      })),
      conversations: conversations.map((c) => ({ ...c, created_at: iso(c.created_at) })),
      messages_written: messages.map((m) => ({
        id: m.id,
        conversation_id: m.conversation_id,
        message: m.body,
        sent_at: iso(m.sent_at),
        read_at: isoOrNull(m.read_at),
      })),
      invitations_received: invitationsReceived.map((i) => ({
        ...i,
        created_at: iso(i.created_at),
        expires_at: iso(i.expires_at),
        accepted_at: isoOrNull(i.accepted_at),
      })),
      notifications: notifications.map((n) => ({
        id: n.id,
        kind: n.kind,
        params: parseAttributes(n.params),
        link: n.link,
        count: Number(n.count),
        created_at: iso(n.created_at),
        read_at: isoOrNull(n.read_at),
      })),
      // Signed agreements kept after their organisation was deleted (legal retention); each PDF is
      // at GET /api/archived-agreements/{id}/file.
      archived_agreements: archivedAgreements.map((a) => ({
        ...toArchivedAgreementWire(a),
        download_path: `/api/archived-agreements/${a.id}/file`,
      })),
      // The public sponsor profile of the address (name, descriptions, website, logo) and its wall consents.
      sponsor_profile: sponsorProfile,
      invoices,
      // Generated agreements (issue 19): the sealed PDFs of the address, and the caller's signatures
      // and audit entries with the evidence recorded (time, IP address, user agent, document hash).
      agreements,
      // The private notes on sponsors the caller wrote for their team (decision 109).
      sponsor_notes: sponsorNotes,
    };
  })();
}

export const dataExportRoutes: FastifyPluginAsyncZod<{
  db: Db;
  defaultLanguage: Language;
  clock?: () => Date;
}> = async (app, { db, defaultLanguage, clock = () => new Date() }) => {
  app.get(
    '/data-export',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['profiles'],
        summary: 'Download all your data as JSON (GDPR art. 20)',
        description: 'Answered as an `application/json` attachment; 401 without a valid bearer token.',
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const data = await collectUserData(db, user, clock(), defaultLanguage);
      const day = data.exported_at.slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="sponsoring-data-${day}.json"`)
        .header('cache-control', 'private, no-store')
        .send(JSON.stringify(data, null, 2));
    },
  );
};
