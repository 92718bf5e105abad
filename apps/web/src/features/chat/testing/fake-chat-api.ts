// An in-memory stand-in for the chat endpoints at the network boundary (fetch), for component tests.
// It answers like the contract in @sp/shared says, for the signed-in user or one guest.
import {
  MESSAGES_HAS_MORE_HEADER,
  MESSAGES_PAGE_SIZE_DEFAULT,
  ZLastMessage,
  type ConversationWire,
  type MessageWire,
} from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';

export type Call = { method: string; path: string; authorization: string | null; body: unknown };

export const USER = { user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token-1' };
export const GUEST = { token: 'tok-1', email: 'sponsor@firma.de' };

export function messageWire(overrides: Partial<MessageWire> = {}): MessageWire {
  return {
    id: 1,
    conversation_id: 1,
    sender_id: null,
    sender: 'sponsor@firma.de',
    sender_side: 'sponsor',
    message: 'Hallo!',
    type: 'text',
    sent_at: '2025-03-05T13:07:00.000Z',
    is_read: false,
    from_me: false,
    ...overrides,
  };
}

/** A list row; a full message given as its last one is cut to what the list carries, as the server does. */
export function conversationWire(overrides: Partial<ConversationWire> = {}): ConversationWire {
  const { message = null, ...rest } = overrides;
  return {
    id: 1,
    other_name: 'sponsor@firma.de',
    message: message && ZLastMessage.parse(message),
    unread_count: 0,
    updated_at: '2025-03-05T13:07:00.000Z',
    ...rest,
  };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** The page GET /conversation/{id} answers: the newest `limit` messages before `before`, oldest first. */
function messagePage(list: MessageWire[], query: URLSearchParams) {
  const before = Number(query.get('before') ?? Infinity);
  const limit = Number(query.get('limit') ?? MESSAGES_PAGE_SIZE_DEFAULT);
  const older = list.filter((m) => m.id < before);
  return { page: older.slice(-limit), hasMore: older.length > limit };
}

export type FakeChatApi = {
  conversations: ConversationWire[];
  messages: Map<number, MessageWire[]>;
  calls: Call[];
  /** Answers a call instead of the fake (e.g. to fail it); undefined lets the fake answer. */
  override: ((call: Call) => Response | Promise<Response | undefined> | undefined) | null;
};

/** Installs the fake as the API client's fetch. Sends answer with the next id and `from_me`. */
export function installFakeChatApi(
  seed: { conversations?: ConversationWire[]; messages?: Record<number, MessageWire[]> } = {},
): FakeChatApi {
  const fake: FakeChatApi = {
    conversations: seed.conversations ?? [],
    messages: new Map(Object.entries(seed.messages ?? {}).map(([id, list]) => [Number(id), list])),
    calls: [],
    override: null,
  };
  let nextId = 1000;

  async function answer(call: Call): Promise<Response> {
    const overridden = await fake.override?.(call);
    if (overridden) return overridden;
    if (call.method === 'POST' && call.path === '/api/stream/ticket') {
      return json(201, { ticket: 'ticket-1', expires_at: '2030-01-01T00:00:00.000Z' });
    }
    const guest = call.path.startsWith('/api/token/');
    const expected = guest ? `${GUEST.token}:${GUEST.email}` : `Bearer ${USER.accessToken}`;
    if (call.authorization !== expected)
      return json(401, { code: 'auth.unauthenticated', detail: 'Not authenticated' });
    const [pathname = '', search = ''] = call.path.split('?');
    const path = pathname.replace(/^\/api(\/token)?/, '');
    if (call.method === 'GET' && path === '/conversation') return json(200, fake.conversations);
    if (call.method === 'GET' && path === '/conversation/unread') {
      const unread = fake.conversations.filter((c) => c.unread_count > 0);
      return json(200, {
        unread_messages: unread.reduce((sum, c) => sum + c.unread_count, 0),
        unread_conversations: unread.length,
        unanswered_conversations: fake.conversations.filter((c) => c.message?.sender_side === 'sponsor').length,
      });
    }
    const read = /^\/conversation\/(\d+)$/.exec(path);
    if (call.method === 'GET' && read) {
      const id = Number(read[1]);
      const list = fake.messages.get(id);
      if (!list) return json(404, { code: 'request.not-found', detail: 'Not found' });
      fake.conversations = fake.conversations.map((c) => (c.id === id ? { ...c, unread_count: 0 } : c));
      const { page, hasMore } = messagePage(list, new URLSearchParams(search));
      return json(200, page, { [MESSAGES_HAS_MORE_HEADER]: String(hasMore) });
    }
    const send = /^\/conversation\/(\d+)\/message$/.exec(path);
    if (call.method === 'POST' && send) {
      const id = Number(send[1]);
      const { message } = call.body as { message: string };
      const sent = messageWire({
        id: nextId++,
        conversation_id: id,
        message,
        from_me: true,
        sender: guest ? GUEST.email : 'Sportverein',
        sender_side: guest ? 'sponsor' : 'organisation',
        sent_at: new Date().toISOString(),
      });
      fake.messages.set(id, [...(fake.messages.get(id) ?? []), sent]);
      return json(201, sent);
    }
    const start = /^\/conversation\/([^/]+(?:@|%40)[^/]+)$/.exec(path);
    if (call.method === 'POST' && start && !guest) {
      const email = decodeURIComponent(start[1] ?? '');
      const existing = fake.conversations.find((c) => c.other_name === email);
      if (existing) return json(200, existing);
      const created = conversationWire({ id: nextId++, other_name: email });
      fake.conversations = [created, ...fake.conversations];
      fake.messages.set(created.id, []);
      return json(201, created);
    }
    return json(404, { code: 'request.not-found', detail: 'Not found' });
  }

  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve(USER.accessToken),
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      const call: Call = {
        method: init?.method ?? 'GET',
        path: String(input),
        authorization: headers.get('Authorization'),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      fake.calls.push(call);
      return answer(call);
    },
  });
  return fake;
}
