// The public sponsor wall of an event: switched on by its organisers, it shows the confirmed sponsors
// who consented, grouped by package, the dearest package first and largest. Only public fields leave
// (name, logo, website, descriptions, package name): no address, amount or document. The public feed
// is kept in memory per event for a minute and dropped at once when this process changes what it
// shows; another process's change shows within that minute (decision 020).
import { createHash } from 'node:crypto';
import type { SponsorWallFeed, SponsorWallSettings, WallGroupWire, WallSize } from '@sp/shared';
import { AppError, fail } from '../../lib/errors.ts';
import type { EventAccess } from '../access/index.ts';
import type { SponsorProfilesRepository, WallRow } from './repository.ts';
import { logoUrl } from './service.ts';

export const WALL_CACHE_SECONDS = 60;

export type CachedFeed = {
  body: string;
  etag: string;
  /** The entries shown (sponsorship id → website or null): what the wall's counting accepts (decision 102). */
  entries: ReadonlyMap<number, string | null>;
};

const SIZES: readonly WallSize[] = ['large', 'medium', 'small'];

/** Groups by package, dearest first (then the organiser's order); sponsors without a package last. */
export function groupWall(rows: WallRow[]): WallGroupWire[] {
  const groups = new Map<string, { rows: WallRow[]; price: number; position: number; name: string | null }>();
  for (const row of rows) {
    const id = row.packageName === null ? '' : `${row.priceCents}:${row.packagePosition}:${row.packageName}`;
    const group = groups.get(id) ?? {
      rows: [],
      price: row.priceCents ?? -1,
      position: row.packagePosition ?? Number.MAX_SAFE_INTEGER,
      name: row.packageName,
    };
    group.rows.push(row);
    groups.set(id, group);
  }
  const ordered = [...groups.values()].sort((a, b) => b.price - a.price || a.position - b.position);
  return ordered.map((group, index) => ({
    package_name: group.name,
    size: group.name === null ? 'small' : (SIZES[Math.min(index, SIZES.length - 1)] ?? 'small'),
    sponsors: group.rows
      .sort((a, b) => a.publicName.localeCompare(b.publicName, 'de'))
      .map((row) => ({
        id: row.sponsorshipId,
        name: row.publicName,
        logo:
          row.logoKey && row.logoWidth && row.logoHeight
            ? { url: logoUrl(row.profileId, row.logoKey), width: row.logoWidth, height: row.logoHeight }
            : null,
        website: row.website,
        description_de: row.descriptionDe,
        description_en: row.descriptionEn,
      })),
  }));
}

export function createSponsorWallService(deps: {
  repo: SponsorProfilesRepository;
  events: EventAccess;
  clock?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.clock ?? (() => new Date());
  const cache = new Map<number, CachedFeed & { expiresAt: number }>();
  const notFound = () => fail('sponsor-wall.not-found', 'No sponsor wall here');

  const build = async (eventId: number): Promise<SponsorWallFeed | null> => {
    const header = await repo.eventHeader(eventId);
    if (!header) return null;
    return {
      event_id: eventId,
      event_title: header.title,
      organisation_name: header.organisationName,
      groups: groupWall(await repo.wallRows(eventId)),
    };
  };

  const settings = async (eventId: number): Promise<SponsorWallSettings> => ({
    enabled: await repo.wallEnabled(eventId),
    preview: (await build(eventId))!,
  });

  /** GET /public/events/{id}/sponsors: 404 alike for an unknown event and a wall that is off. */
  const publicFeed = async (eventId: number): Promise<CachedFeed> => {
    const cached = cache.get(eventId);
    if (cached && cached.expiresAt > now().getTime()) return cached;
    // An archived event's wall goes with it (issue 21, point 4); within the cache's minute elsewhere.
    if (!(await repo.wallEnabled(eventId)) || (await deps.events.isArchived(eventId))) throw notFound();
    const feed = await build(eventId);
    if (!feed) throw notFound();
    const body = JSON.stringify(feed);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const entries = new Map(feed.groups.flatMap((group) => group.sponsors.map((s) => [s.id, s.website] as const)));
    const entry = { body, etag, entries, expiresAt: now().getTime() + WALL_CACHE_SECONDS * 1000 };
    cache.set(eventId, entry);
    return entry;
  };

  return {
    /** Drops the cached feed of one event, or of all. */
    invalidate(eventId?: number) {
      if (eventId === undefined) cache.clear();
      else cache.delete(eventId);
    },

    publicFeed,

    /** Whether publicFeed answers this event's wall, by the same rule and the same cache. */
    async isPublic(eventId: number): Promise<boolean> {
      if (!Number.isSafeInteger(eventId) || eventId > 2_147_483_647) return false;
      try {
        await publicFeed(eventId);
        return true;
      } catch (error) {
        if (error instanceof AppError && error.code === 'sponsor-wall.not-found') return false;
        throw error;
      }
    },

    async settings(caller: { sub: string }, eventId: number): Promise<SponsorWallSettings> {
      await deps.events.organiserEvent(caller, eventId);
      return settings(eventId);
    },

    async setEnabled(caller: { sub: string; email: string }, eventId: number, enabled: boolean) {
      await deps.events.organiserEvent(caller, eventId);
      await repo.setWall(eventId, enabled, caller.email, now());
      cache.delete(eventId);
      return settings(eventId);
    },
  };
}

export type SponsorWallService = ReturnType<typeof createSponsorWallService>;
