// Invariants of the chat (module chat): a conversation's kept newest message and unread counters are
// what its messages say (the message writes and read marking keep them; the list pages read them).
import { num, type Invariant } from './types.ts';

export const CHAT_INVARIANTS: Invariant[] = [
  {
    name: 'conversation.counters-match-messages',
    statement:
      "A conversation's newest message and its unread counts per side are those of its messages (unread: read_at empty).",
    async check(db) {
      const rows = await db
        .selectFrom('conversations as c')
        .select((eb) => [
          'c.id',
          'c.last_message_id',
          'c.unread_from_organisation',
          'c.unread_from_sponsor',
          eb
            .selectFrom('messages as m')
            .select((m) => m.fn.max('m.id').as('x'))
            .whereRef('m.conversation_id', '=', 'c.id')
            .as('newest'),
          eb
            .selectFrom('messages as m')
            .select((m) => m.fn.countAll().as('n'))
            .whereRef('m.conversation_id', '=', 'c.id')
            .where('m.sender_side', '=', 'organisation')
            .where('m.read_at', 'is', null)
            .as('from_organisation'),
          eb
            .selectFrom('messages as m')
            .select((m) => m.fn.countAll().as('n'))
            .whereRef('m.conversation_id', '=', 'c.id')
            .where('m.sender_side', '=', 'sponsor')
            .where('m.read_at', 'is', null)
            .as('from_sponsor'),
        ])
        .execute();
      const problems: string[] = [];
      for (const r of rows) {
        const newest = r.newest === null ? null : num(r.newest);
        const kept = r.last_message_id === null ? null : num(r.last_message_id);
        if (newest !== kept)
          problems.push(`conversation ${r.id} keeps newest message ${kept}, its newest is ${newest}`);
        if (num(r.unread_from_organisation) !== num(r.from_organisation))
          problems.push(
            `conversation ${r.id} counts ${num(r.unread_from_organisation)} unread from the organisation, ` +
              `its messages ${num(r.from_organisation)}`,
          );
        if (num(r.unread_from_sponsor) !== num(r.from_sponsor))
          problems.push(
            `conversation ${r.id} counts ${num(r.unread_from_sponsor)} unread from the sponsor, its messages ${num(r.from_sponsor)}`,
          );
      }
      return problems;
    },
  },
];
