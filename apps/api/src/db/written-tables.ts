// Which tables a statement writes, for the read memo (read-memo.ts): the tables it names after
// INSERT INTO, UPDATE, DELETE FROM, TRUNCATE or MERGE INTO, and with them every table their triggers
// and cascading foreign keys may write (`WriteReach`, read from the database's catalogue). What cannot
// be told from the text counts as writing everything.

export type StatementEffect =
  /** Reads only (SELECT, or WITH without a write). */
  | { kind: 'read' }
  /** Changes nothing by itself (BEGIN, SAVEPOINT, SET ...). */
  | { kind: 'none' }
  /** Ends a transaction (COMMIT, ROLLBACK): its writes become visible, or not. */
  | { kind: 'end' }
  | { kind: 'write'; tables: string[] }
  /** Anything else (DDL, a write whose table it does not name): may change any table. */
  | { kind: 'unknown' };

/**
 * Ends a statement that changes only a conversation's activity (its newest message, unread counts,
 * notice times), never which organisation and address it is between: readers of those facts
 * (`conversation_facts`) keep their answers across it (decision 043). At the end, since a
 * statement's first word tells its kind.
 */
export const ACTIVITY_ONLY = '/* sp:activity-only */';

/**
 * Ends a chat write whose changes to the conversation lists the chat service tells its list clock
 * itself, conversation by conversation, once it has committed (a message batch, a read mark, a new
 * conversation; decision 053). Any other write that reaches `chat_list_revisions` counts as
 * `chat_lists_untold`.
 */
export const LIST_TOLD = '/* sp:list-told */';

/** A conversation's facts (who it is between), as readers depend on them apart from its activity. */
const CONVERSATION_FACTS = 'conversation_facts';

/**
 * What readers may depend on apart from a table's whole rows, by a table of that name: a
 * conversation's facts, and the lists' changes no one told the list clock of. A write to the table
 * changes it too, unless the statement ends with the marker.
 */
const DERIVED: Readonly<Record<string, { table: string; unlessMarked: string }>> = {
  conversations: { table: CONVERSATION_FACTS, unlessMarked: ACTIVITY_ONLY },
  chat_list_revisions: { table: 'chat_lists_untold', unlessMarked: LIST_TOLD },
};

/**
 * What a write to `tables` changes: with what is derived from each (DERIVED), unless the statement
 * carries that derivation's marker. Without a text (another process's notice) always with them.
 */
export function withFacts(tables: Iterable<string>, text = ''): string[] {
  const changed = [...tables];
  for (const table of [...changed]) {
    const derived = DERIVED[table];
    if (derived && !text.includes(derived.unlessMarked)) changed.push(derived.table);
  }
  return changed;
}

/** `tables` (what a read names) with each table that has facts read as its facts only. */
export const factsOnly = (tables: readonly string[]): string[] =>
  tables.map((table) => (table === 'conversations' ? CONVERSATION_FACTS : table));

const WRITES =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into)\s+(?:only\s+)?"?([A-Za-z_][A-Za-z0-9_]*)"?/gi;

export function effectOf(text: string): StatementEffect {
  const head = /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toLowerCase() ?? '';
  if (head === 'select') return { kind: 'read' };
  if (head === 'begin' || head === 'start' || head === 'savepoint' || head === 'release' || head === 'set')
    return { kind: 'none' };
  if (head === 'commit' || head === 'rollback' || head === 'end' || head === 'abort') return { kind: 'end' };
  if (!['insert', 'update', 'delete', 'truncate', 'merge', 'with'].includes(head)) return { kind: 'unknown' };
  // "do update set" of an upsert names no table.
  const tables = [...new Set([...text.matchAll(WRITES)].map((m) => m[1]!))].filter((t) => t.toLowerCase() !== 'set');
  if (tables.length > 0) return { kind: 'write', tables };
  return head === 'with' ? { kind: 'read' } : { kind: 'unknown' };
}

/** The tables of a writing function or trigger body (PL/pgSQL, SQL); null when it runs dynamic SQL. */
export function tablesWrittenByBody(body: string): string[] | null {
  if (/\bexecute\b/i.test(body)) return null;
  return [...new Set([...body.matchAll(WRITES)].map((m) => m[1]!))].filter((t) => t.toLowerCase() !== 'set');
}

/** Every node reachable from `start` by `next` (itself included); 'all' when a step says 'all'. */
function reachable(start: string, next: (node: string) => Iterable<string> | 'all'): Set<string> | 'all' {
  const seen = new Set([start]);
  const toVisit = [start];
  while (toVisit.length > 0) {
    const following = next(toVisit.pop()!);
    if (following === 'all') return 'all';
    for (const node of following) {
      if (!seen.has(node)) {
        seen.add(node);
        toVisit.push(node);
      }
    }
  }
  return seen;
}

/**
 * The tables each function writes, with those of the functions it calls (by name, among `functions`:
 * a schema's PL/pgSQL and SQL functions); 'all' when it or a function it calls runs dynamic SQL.
 */
export function functionWrites(
  functions: readonly { name: string; body: string }[],
): (name: string) => string[] | 'all' {
  const bodies = new Map<string, string[]>();
  for (const { name, body } of functions) bodies.set(name, [...(bodies.get(name) ?? []), body]);
  const calls = (body: string, callee: string) =>
    new RegExp(`\\b${callee.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\(`, 'i').test(body);
  const callees = (name: string): string[] | 'all' => {
    const own = bodies.get(name) ?? [];
    if (own.some((body) => tablesWrittenByBody(body) === null)) return 'all';
    return [...bodies.keys()].filter((callee) => own.some((body) => calls(body, callee)));
  };
  const resolved = new Map<string, string[] | 'all'>();
  const resolve = (start: string): string[] | 'all' => {
    let found = resolved.get(start);
    if (found) return found;
    const called = reachable(start, callees);
    found =
      called === 'all'
        ? 'all'
        : [
            ...new Set(
              [...called].flatMap((name) => (bodies.get(name) ?? []).flatMap((body) => tablesWrittenByBody(body)!)),
            ),
          ];
    resolved.set(start, found);
    return found;
  };
  // A trigger's function that is not among them (another language, another schema): not known.
  return (name) => (bodies.has(name) ? resolve(name) : 'all');
}

/**
 * What a write to each table may write besides: `edges` maps a table to the tables its triggers and
 * cascading foreign keys write ('all' when that cannot be told). `reach(tables)` follows them to the
 * end; 'all' when any step leads to 'all' or a table is not in `known` (created after the catalogue
 * was read).
 */
export type WriteReach = { reach(tables: readonly string[]): string[] | 'all' };

export function writeReach(known: Iterable<string>, edges: Map<string, readonly string[] | 'all'>): WriteReach {
  const knownTables = new Set(known);
  const memo = new Map<string, string[] | 'all'>();
  const closure = (start: string): string[] | 'all' => {
    let found = memo.get(start);
    if (found) return found;
    const reached = reachable(start, (table) => edges.get(table) ?? []);
    found = reached === 'all' ? 'all' : [...reached];
    memo.set(start, found);
    return found;
  };
  return {
    reach(tables) {
      const all = new Set<string>();
      for (const table of tables) {
        if (!knownTables.has(table)) return 'all';
        const more = closure(table);
        if (more === 'all') return 'all';
        for (const t of more) all.add(t);
      }
      return [...all];
    },
  };
}
