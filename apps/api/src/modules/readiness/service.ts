// The readiness board and its chasers (issue 59, decision 080). The board is the providers' columns
// joined to the event's live sponsorships, computed per request from a few set-based queries. A chase
// picks rows, lists per sponsor what the sponsor owes (or only one column's item), and queues one
// chaser per sponsor in the outbox; the day's limit and a repeated request are the outbox's unique
// key's to refuse, so two identical chases at once queue each sponsor once.
import { randomBytes } from 'node:crypto';
import type {
  ChaseRequest,
  ChaseResponse,
  Language,
  ReadinessBoardResponse,
  ReadinessNoticesResponse,
} from '@sp/shared';
import type { Db } from '../../db/index.ts';
import { germanDay } from '../../lib/calendar.ts';
import type { EventAccess } from '../access/index.ts';
import { PROVIDERS, sponsorOwes, type ReadinessCell, type ReadinessProvider } from './providers.ts';
import type { ChaseItem, ReadinessRepository } from './repository.ts';

type Caller = { sub: string; email: string };

const COUNTED = ['done', 'waiting_sponsor', 'waiting_us', 'overdue'] as const;

export function createReadinessService(deps: {
  db: Db;
  repo: ReadinessRepository;
  access: Pick<EventAccess, 'organiserEvent'>;
  defaultLanguage: Language;
  providers?: ReadinessProvider[];
  clock?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.clock ?? (() => new Date());
  const providers = deps.providers ?? PROVIDERS;

  /** The board's data: rows, columns (with the provider that made each) and their cells. */
  const compute = async (organisationId: number, eventId: number, today: string) => {
    const [rows, ...perProvider] = await Promise.all([
      repo.rows(eventId),
      ...providers.map((p) => p.columns(deps.db, { organisationId, eventId, today })),
    ]);
    const columns = providers.flatMap((provider, i) =>
      perProvider[i]!.map((column) => ({ ...column, provider: provider.key })),
    );
    return { rows, columns };
  };

  const cellsOf = (columns: Awaited<ReturnType<typeof compute>>['columns'], sponsorshipId: number) => {
    const cells: Record<string, ReadinessCell> = {};
    for (const column of columns) {
      const cell = column.cells.get(sponsorshipId);
      if (cell) cells[column.columnKey] = cell;
    }
    return cells;
  };

  const languageOf = (value: string | null): Language =>
    value === 'de' || value === 'en' ? value : deps.defaultLanguage;

  return {
    /** GET /events/:eventId/readiness */
    async board(caller: Caller, eventId: number): Promise<ReadinessBoardResponse> {
      const event = await deps.access.organiserEvent(caller, eventId);
      const today = germanDay(now());
      const [{ rows, columns }, team, notices] = await Promise.all([
        compute(event.organisationId, eventId, today),
        repo.team(event.organisationId),
        repo.notices(eventId),
      ]);
      const lastNotice = new Map<number, (typeof notices)[number]>();
      for (const notice of notices)
        if (!lastNotice.has(notice.sponsorshipId)) lastNotice.set(notice.sponsorshipId, notice);
      const counts = { done: 0, waiting_sponsor: 0, waiting_us: 0, overdue: 0 };
      const boardRows = rows.map((row) => {
        const cells = cellsOf(columns, row.id);
        for (const cell of Object.values(cells)) if (COUNTED.includes(cell.state)) counts[cell.state] += 1;
        const notice = lastNotice.get(row.id);
        return {
          sponsorship_id: row.id,
          sponsor_email: row.sponsorEmail,
          sponsor_name: row.sponsorName,
          sponsor_language: row.sponsorLanguage,
          package_id: row.packageId,
          package_name: row.packageName,
          status: row.status,
          cells: Object.fromEntries(
            Object.entries(cells).map(([key, c]) => [
              key,
              { state: c.state, label: c.label, due: c.due ?? null, assignee: c.assignee ?? null },
            ]),
          ),
          last_notice: notice
            ? {
                status: notice.status,
                created_at: notice.createdAt.toISOString(),
                sent_at: notice.sentAt?.toISOString() ?? null,
              }
            : null,
        };
      });
      return {
        event_id: eventId,
        today,
        columns: columns.map((c) => ({ key: c.columnKey, title: c.title, provider: c.provider })),
        rows: boardRows,
        counts,
        assignees: team,
      };
    },

    /** POST /events/:eventId/readiness/chase */
    async chase(caller: Caller, eventId: number, body: ChaseRequest): Promise<ChaseResponse> {
      const event = await deps.access.organiserEvent(caller, eventId);
      const at = now();
      const today = germanDay(at);
      const { rows, columns } = await compute(event.organisationId, eventId, today);
      const chosen = body.sponsorship_ids ? new Set(body.sponsorship_ids) : null;
      const owed = (sponsorshipId: number): ChaseItem[] =>
        columns
          .filter((c) => body.column_key === undefined || c.columnKey === body.column_key)
          .flatMap((c) => {
            const cell = c.cells.get(sponsorshipId);
            return cell && sponsorOwes(cell)
              ? [{ column_key: c.columnKey, title: c.title, due: cell.due ?? null }]
              : [];
          });
      const candidates = rows
        .filter((row) => (chosen ? chosen.has(row.id) : body.all_waiting_sponsor === true))
        .map((row) => ({ row, items: owed(row.id), language: languageOf(row.sponsorLanguage) }));
      const override = body.override === true;
      const requestId = body.request_id ?? randomBytes(12).toString('base64url');
      const overrideKey = `${today}:override:${requestId}`;
      // The preview's "limited" is a hint; the send's is the database's refusal of the insert.
      const chasedToday =
        body.dry_run === true && !override ? await repo.chasedUnder(eventId, [today]) : new Set<number>();
      const recipients: ChaseResponse['recipients'] = [];
      for (const { row, items, language } of candidates) {
        const base = { sponsorship_id: row.id, sponsor_email: row.sponsorEmail, language, items };
        if (items.length === 0) {
          recipients.push({ ...base, outcome: 'nothing' });
          continue;
        }
        if (body.dry_run === true) {
          recipients.push({ ...base, outcome: chasedToday.has(row.id) ? 'limited' : 'queued' });
          continue;
        }
        const chaser = {
          organisationId: event.organisationId,
          eventId,
          sponsorshipId: row.id,
          recipient: row.sponsorEmail,
          language,
          items,
          createdBy: caller.email,
        };
        // The day's slot first; an override takes a slot of its own only when the day's is taken.
        const queued =
          (await repo.queue({ ...chaser, limitKey: today, override: false }, at)) ||
          (override && (await repo.queue({ ...chaser, limitKey: overrideKey, override: true }, at)));
        recipients.push({ ...base, outcome: queued ? 'queued' : 'limited' });
      }
      return {
        dry_run: body.dry_run === true,
        recipients,
        queued: recipients.filter((r) => r.outcome === 'queued').length,
        limited: recipients.filter((r) => r.outcome === 'limited').length,
      };
    },

    /** GET /events/:eventId/readiness/notices */
    async notices(caller: Caller, eventId: number): Promise<ReadinessNoticesResponse> {
      await deps.access.organiserEvent(caller, eventId);
      const notices = await repo.notices(eventId);
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
