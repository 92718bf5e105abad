// The readiness board and its chasers (issue 59, decision 080). The board is the providers' columns
// joined to the event's live sponsorships, computed from a few set-based queries and sent in a lean
// wire (wire.ts, decision 096), kept in the read cache until a table it reads changes (decision 106). A chase
// picks rows, lists per sponsor what the sponsor owes (or only one column's item), and queues one
// chaser per sponsor in the outbox; the day's limit and a repeated request are the outbox's unique
// key's to refuse, so two identical chases at once queue each sponsor once.
import { randomBytes } from 'node:crypto';
import type {
  ChaseRequest,
  ChaseResponse,
  Language,
  OrganisationReadinessResponse,
  ReadinessBoardResponse,
  ReadinessNoticesResponse,
} from '@sp/shared';
import type { Db } from '../../db/index.ts';
import { germanDay } from '../../lib/calendar.ts';
import type { EventAccess } from '../access/index.ts';
import { PROVIDERS, sponsorOwes, type ReadinessCell, type ReadinessProvider } from './providers.ts';
import type { ChaseItem, ReadinessRepository } from './repository.ts';
import { COMMON_COLUMNS, DELIVERABLES_SUMMARY, deliverablesSummary } from './summary.ts';
import { createCellDictionary, encodeRows, type LastNotice } from './wire.ts';

type Caller = { sub: string; email: string };

const COUNTED = ['done', 'waiting_sponsor', 'waiting_us', 'overdue'] as const;

/**
 * The tables a board's rows, cells and team read: the read cache drops a kept board when one of them
 * changes, on this process at once and on every other within its contract's second (decisions 094,
 * 106). A new source of a cell must be named here, or the board goes stale.
 */
const BOARD_READS = [
  'events',
  'sponsorships',
  'sponsorship_choices',
  'packages',
  'sponsor_profiles',
  'invoices',
  'deliverables',
  'ticket_holders',
  'shipments',
  'chase_outbox',
  'user_profiles',
] as const;

export function createReadinessService(deps: {
  db: Db;
  repo: ReadinessRepository;
  access: Pick<EventAccess, 'organiserEvent' | 'organiserOrganisation'>;
  defaultLanguage: Language;
  providers?: ReadinessProvider[];
  clock?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.clock ?? (() => new Date());
  const providers = deps.providers ?? PROVIDERS;

  /** The board's data for one event or several: rows, columns (with the provider that made each) and their cells. */
  const compute = async (organisationId: number, eventIds: readonly number[], today: string) => {
    const [rows, ...perProvider] = await Promise.all([
      repo.rows(eventIds),
      ...providers.map((p) => p.columns(deps.db, { organisationId, eventIds, today })),
    ]);
    const columns = providers.flatMap((provider, i) =>
      perProvider[i]!.map((column) => ({ ...column, provider: provider.key })),
    );
    return { rows, columns };
  };
  const lastNotices = async (eventIds: readonly number[]) => {
    const lastNotice = new Map<number, LastNotice>();
    for (const notice of await repo.notices(eventIds))
      if (!lastNotice.has(notice.sponsorshipId)) lastNotice.set(notice.sponsorshipId, notice);
    return lastNotice;
  };

  const languageOf = (value: string | null): Language =>
    value === 'de' || value === 'en' ? value : deps.defaultLanguage;

  const newCounts = () => ({ done: 0, waiting_sponsor: 0, waiting_us: 0, overdue: 0 });

  const buildBoard = async (
    organisationId: number,
    eventId: number,
    today: string,
  ): Promise<ReadinessBoardResponse> => {
    const [{ rows, columns }, team, lastNotice] = await Promise.all([
      compute(organisationId, [eventId], today),
      repo.team(organisationId),
      lastNotices([eventId]),
    ]);
    const counts = newCounts();
    const dictionary = createCellDictionary();
    const encoded = encodeRows(rows, lastNotice, (row) =>
      columns.map((column) => {
        const cell = column.cells.get(row.id);
        if (cell && COUNTED.includes(cell.state)) counts[cell.state] += 1;
        return dictionary.ref(cell);
      }),
    );
    return {
      event_id: eventId,
      today,
      columns: columns.map((c) => ({ key: c.columnKey, title: c.title, provider: c.provider })),
      packages: encoded.packages,
      cells: dictionary.cells,
      rows: encoded.rows,
      counts,
      assignees: team,
    };
  };

  const buildOrganisationBoard = async (
    organisationId: number,
    today: string,
  ): Promise<OrganisationReadinessResponse> => {
    const events = await repo.upcomingEvents(organisationId, today);
    const eventIds = events.map((e) => e.id);
    const [{ rows, columns }, team, lastNotice] = await Promise.all([
      compute(organisationId, eventIds, today),
      repo.team(organisationId),
      lastNotices(eventIds),
    ]);
    const common = COMMON_COLUMNS.map((key) => columns.find((c) => c.columnKey === key)).filter((c) => c !== undefined);
    const deliverableColumns = columns.filter((c) => c.provider === 'deliverables');
    const shown: Array<{
      key: string;
      title: string;
      provider: string;
      cellOf: (id: number) => ReadinessCell | undefined;
    }> = common.map((c) => ({
      key: c.columnKey,
      title: c.title,
      provider: c.provider,
      cellOf: (id) => c.cells.get(id),
    }));
    if (deliverableColumns.length > 0)
      shown.splice(Math.min(3, shown.length), 0, {
        key: DELIVERABLES_SUMMARY,
        title: 'deliverables',
        provider: 'deliverables',
        cellOf: (id) => deliverablesSummary(deliverableColumns.flatMap((c) => c.cells.get(id) ?? [])),
      });
    const counts = newCounts();
    const dictionary = createCellDictionary();
    const extra = {
      event_id: [] as number[],
      assignees: [] as string[][],
      item_counts: [] as Array<[number, number, number, number]>,
    };
    const encoded = encodeRows(rows, lastNotice, (row) => {
      const itemCounts = newCounts();
      for (const column of columns) {
        const cell = column.cells.get(row.id);
        if (!cell) continue;
        counts[cell.state] += 1;
        itemCounts[cell.state] += 1;
      }
      const assignees = new Set<string>();
      for (const column of deliverableColumns) {
        const cell = column.cells.get(row.id);
        if (cell && cell.state !== 'done' && cell.assignee) assignees.add(cell.assignee);
      }
      extra.event_id.push(row.eventId);
      extra.assignees.push([...assignees]);
      extra.item_counts.push([itemCounts.done, itemCounts.waiting_sponsor, itemCounts.waiting_us, itemCounts.overdue]);
      return shown.map((column) => dictionary.ref(column.cellOf(row.id)));
    });
    return {
      today,
      events: events.map((e) => ({ id: e.id, title: e.title, event_date: e.eventDate })),
      columns: shown.map(({ key, title, provider }) => ({ key, title, provider })),
      packages: encoded.packages,
      cells: dictionary.cells,
      rows: { ...encoded.rows, ...extra },
      counts,
      assignees: team,
    };
  };

  /** A chase over the rows of these events of the organisation (one event's board, or all upcoming). */
  const chaseIn = async (
    caller: Caller,
    organisationId: number,
    eventIds: readonly number[],
    body: ChaseRequest,
  ): Promise<ChaseResponse> => {
    const at = now();
    const today = germanDay(at);
    const { rows, columns } = await compute(organisationId, eventIds, today);
    const chosen = body.sponsorship_ids ? new Set(body.sponsorship_ids) : null;
    const owed = (sponsorshipId: number): ChaseItem[] =>
      columns
        .filter(
          (c) =>
            body.column_key === undefined ||
            c.columnKey === body.column_key ||
            (body.column_key === DELIVERABLES_SUMMARY && c.provider === 'deliverables'),
        )
        .flatMap((c) => {
          const cell = c.cells.get(sponsorshipId);
          return cell && sponsorOwes(cell) ? [{ column_key: c.columnKey, title: c.title, due: cell.due ?? null }] : [];
        });
    const candidates = rows
      .filter((row) => (chosen ? chosen.has(row.id) : body.all_waiting_sponsor === true))
      .map((row) => ({ row, items: owed(row.id), language: languageOf(row.sponsorLanguage) }));
    const override = body.override === true;
    const requestId = body.request_id ?? randomBytes(12).toString('base64url');
    const overrideKey = `${today}:override:${requestId}`;
    // The preview's "limited" is a hint; the send's is the database's refusal of the insert.
    const chasedToday =
      body.dry_run === true && !override ? await repo.chasedUnder(eventIds, [today]) : new Set<number>();
    const owing = candidates.filter((c) => c.items.length > 0);
    const chasers = owing.map(({ row, items, language }) => ({
      organisationId,
      eventId: row.eventId,
      sponsorshipId: row.id,
      recipient: row.sponsorEmail,
      language,
      items,
      createdBy: caller.email,
    }));
    // The day's slot first, all in a few inserts; an override takes a slot of its own only where the
    // day's is taken.
    let queued = new Set<number>();
    if (body.dry_run !== true && chasers.length > 0) {
      queued = await repo.queue(
        chasers.map((c) => ({ ...c, limitKey: today, override: false })),
        at,
      );
      const taken = chasers.filter((c) => !queued.has(c.sponsorshipId));
      if (override && taken.length > 0)
        for (const id of await repo.queue(
          taken.map((c) => ({ ...c, limitKey: overrideKey, override: true })),
          at,
        ))
          queued.add(id);
    }
    const recipients: ChaseResponse['recipients'] = candidates.map(({ row, items, language }) => {
      const base = { sponsorship_id: row.id, sponsor_email: row.sponsorEmail, language, items };
      if (items.length === 0) return { ...base, outcome: 'nothing' as const };
      const done = body.dry_run === true ? !chasedToday.has(row.id) : queued.has(row.id);
      return { ...base, outcome: done ? ('queued' as const) : ('limited' as const) };
    });
    return {
      dry_run: body.dry_run === true,
      recipients,
      queued: recipients.filter((r) => r.outcome === 'queued').length,
      limited: recipients.filter((r) => r.outcome === 'limited').length,
    };
  };

  return {
    /**
     * GET /events/:eventId/readiness, for the read cache: key, reads and load. The answer depends
     * only on the organisation's data, so every organiser of it shares one entry; it is kept under
     * BOARD_READS (the read cache's contract says when it goes) and the German day in the key, as
     * overdue turns on the date alone. A hit reads nothing from the database: the access checks are
     * the cache's too (decision 106).
     */
    async boardListing(caller: Caller, eventId: number) {
      const event = await deps.access.organiserEvent(caller, eventId);
      const today = germanDay(now());
      return {
        key: `readiness:event:${eventId}:${today}`,
        reads: BOARD_READS,
        load: async () => ({ body: await buildBoard(event.organisationId, eventId, today) }),
      };
    },

    /**
     * GET /readiness, for the read cache as boardListing: the board across the caller's organisation's
     * upcoming events, from the same providers with the same number of queries however many events
     * and rows. The common columns, and one summary cell of the deliverables; counts count every
     * item, as the events' boards do.
     */
    async organisationListing(caller: Caller) {
      const organisationId = await deps.access.organiserOrganisation(caller);
      const today = germanDay(now());
      return {
        key: `readiness:organisation:${organisationId}:${today}`,
        reads: BOARD_READS,
        load: async () => ({ body: await buildOrganisationBoard(organisationId, today) }),
      };
    },

    /** POST /events/:eventId/readiness/chase */
    async chase(caller: Caller, eventId: number, body: ChaseRequest): Promise<ChaseResponse> {
      const event = await deps.access.organiserEvent(caller, eventId);
      return chaseIn(caller, event.organisationId, [eventId], body);
    },

    /**
     * POST /readiness/chase: the same chase over the organisation's upcoming events; each sponsorship's
     * chaser is its event's (the one-a-day key is the sponsorship's, as on the event's board).
     */
    async organisationChase(caller: Caller, body: ChaseRequest): Promise<ChaseResponse> {
      const organisationId = await deps.access.organiserOrganisation(caller);
      const events = await repo.upcomingEvents(organisationId, germanDay(now()));
      return chaseIn(
        caller,
        organisationId,
        events.map((e) => e.id),
        body,
      );
    },

    /** GET /events/:eventId/readiness/notices */
    async notices(caller: Caller, eventId: number): Promise<ReadinessNoticesResponse> {
      await deps.access.organiserEvent(caller, eventId);
      const notices = await repo.notices([eventId]);
      return {
        notices: notices.map((n) => ({
          id: n.id,
          sponsorship_id: n.sponsorshipId,
          sponsor_email: n.recipient,
          language: n.language,
          items: n.items,
          status: n.status,
          attempts: n.attempts,
          override: n.override,
          created_at: n.createdAt.toISOString(),
          sent_at: n.sentAt?.toISOString() ?? null,
        })),
      };
    },
  };
}

export type ReadinessService = ReturnType<typeof createReadinessService>;
