import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageWire } from '@sp/shared';
import { ApiError } from '@/lib/api-error';
import {
  conversationMessagesQueryOptions,
  conversationsQueryOptions,
  loadedMessages,
  unreadSummaryQueryOptions,
  type Conversation,
  type Message,
  type MessagePages,
} from '@/lib/chat';
import { queryKeys } from '@/lib/query-keys';
import { startLiveStream } from './live-stream';

class FakeSource {
  static all: FakeSource[] = [];
  readonly listeners = new Map<string, ((event: Event) => void)[]>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, handler: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), handler]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown, lastEventId = '') {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId });
    for (const handler of this.listeners.get(type) ?? []) handler(event);
  }
}

const onePage = (messages: Message[]): MessagePages => ({
  pages: [{ messages, hasOlder: false }],
  pageParams: [undefined],
});

function wire(overrides: Partial<MessageWire> = {}): MessageWire {
  return {
    id: 10,
    conversation_id: 1,
    sender_id: null,
    sender: 'sponsor@firma.de',
    sender_side: 'sponsor',
    message: 'Neu',
    type: 'text',
    sent_at: '2025-03-05T13:07:00.000Z',
    is_read: false,
    from_me: false,
    ...overrides,
  };
}

const conversation = (id: number, lastId: number): Conversation => ({
  id,
  otherName: `c${id}`,
  message: {
    id: lastId,
    senderSide: 'sponsor',
    message: 'alt',
    type: 'text',
    sentAt: '2025-03-05T12:00:00.000Z',
    isRead: true,
    fromMe: false,
  },
  unreadCount: 0,
  updatedAt: '2025-03-05T12:00:00.000Z',
});

/** One of our own messages, sent and not read yet, in conversation `id`. */
const ownMessage = (id: number, messageId: number): Message => ({
  ...conversation(id, messageId).message!,
  conversationId: id,
  senderId: 'u-1',
  sender: 'Verein',
  senderSide: 'organisation',
  fromMe: true,
  isRead: false,
});

let queryClient: QueryClient;
let tickets: number;

function start(getTicket?: () => Promise<string>) {
  return startLiveStream({
    auth: 'bearer',
    baseUrl: '/api/',
    queryClient,
    getTicket: getTicket ?? (() => Promise.resolve(`t${++tickets}`)),
    createEventSource: (url) => new FakeSource(url) as unknown as EventSource,
    random: () => 0,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSource.all = [];
  tickets = 0;
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

afterEach(() => {
  queryClient.clear();
  vi.useRealTimers();
});

describe('startLiveStream', () => {
  it('connects with a ticket, resuming after the newest message already known', async () => {
    queryClient.setQueryData(conversationsQueryOptions('bearer').queryKey, [conversation(1, 7), conversation(2, 9)]);
    const stream = start();
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
    expect(FakeSource.all[0]?.url).toBe('/api/stream?ticket=t1&last_event_id=9');
    FakeSource.all[0]?.emit('ready', {});
    expect(stream.getStatus()).toBe('open');
    stream.close();
    expect(FakeSource.all[0]?.closed).toBe(true);
  });

  it('puts new messages into the open conversation once, and moves it to the top of the list', async () => {
    const messagesKey = conversationMessagesQueryOptions('bearer', 1).queryKey;
    queryClient.setQueryData(conversationsQueryOptions('bearer').queryKey, [conversation(2, 9), conversation(1, 7)]);
    queryClient.setQueryData(messagesKey, onePage([]));
    start();
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
    const source = FakeSource.all[0]!;
    source.emit('message', wire(), '10');
    source.emit('message', wire(), '10');
    expect(loadedMessages(queryClient.getQueryData(messagesKey)).map((m) => m.id)).toEqual([10]);
    const list = queryClient.getQueryData(conversationsQueryOptions('bearer').queryKey)!;
    expect(list.map((c) => c.id)).toEqual([1, 2]);
    expect(list[0]).toMatchObject({ unreadCount: 1, message: { id: 10, message: 'Neu' } });
  });

  it('does not count a message as unread when its conversation is open', async () => {
    const options = conversationMessagesQueryOptions('bearer', 1);
    queryClient.setQueryData(conversationsQueryOptions('bearer').queryKey, [conversation(1, 7)]);
    queryClient.setQueryData(options.queryKey, onePage([]));
    const observer = new QueryObserver(queryClient, {
      ...options,
      queryFn: () => Promise.resolve({ messages: [], hasOlder: false }),
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    start();
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
    FakeSource.all[0]!.emit('message', wire());
    expect(queryClient.getQueryData(conversationsQueryOptions('bearer').queryKey)?.[0]?.unreadCount).toBe(0);
    unsubscribe();
  });

  it('marks our messages read on a read event and takes the unread counters as they come', async () => {
    const messagesKey = conversationMessagesQueryOptions('bearer', 1).queryKey;
    // Two pages: a read event reaches messages of the older one too.
    queryClient.setQueryData(messagesKey, {
      pages: [
        {
          messages: [ownMessage(1, 6)],
          hasOlder: true,
        },
        {
          messages: [ownMessage(1, 5)],
          hasOlder: false,
        },
      ],
      pageParams: [undefined, 6],
    });
    start();
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
    const source = FakeSource.all[0]!;
    source.emit('read', { conversation_id: 1, reader_side: 'sponsor', up_to_id: 5 });
    expect(loadedMessages(queryClient.getQueryData(messagesKey)).map((m) => m.isRead)).toEqual([true, false]);
    source.emit('unread', { unread_messages: 3, unread_conversations: 2, unanswered_conversations: 1 });
    expect(queryClient.getQueryData(unreadSummaryQueryOptions('bearer').queryKey)).toEqual({
      unread_messages: 3,
      unread_conversations: 2,
      unanswered_conversations: 1,
    });
  });

  it('refetches what shows a sponsorship on its `sponsorship` event, and nothing else', async () => {
    const shown = [
      queryKeys.fulfilment.ofSponsorship(4, 'me'),
      queryKeys.sponsorships.detail(4, 'guest@example.org'),
      queryKeys.invoices.ofSponsorship(4, 'me'),
      queryKeys.organiserTasks(7),
    ];
    for (const key of [...shown, queryKeys.userProfile('u-1')]) queryClient.setQueryData(key, { any: 1 });
    start();
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
    const source = FakeSource.all[0]!;
    source.emit('sponsorship', { sponsorship_id: 'not a number', parts: [] });
    expect(shown.some((key) => queryClient.getQueryState(key)?.isInvalidated)).toBe(false);
    source.emit('sponsorship', { sponsorship_id: 4, parts: ['sponsorship'] });
    for (const key of shown) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.userProfile('u-1'))?.isInvalidated).toBe(false);
  });

  it('reconnects after an error with a fresh ticket and the last event id, backing off, polling meanwhile', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const stream = start();
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
    const first = FakeSource.all[0]!;
    first.emit('ready', {});
    first.emit('message', wire({ id: 42 }), '42');
    first.onerror?.();
    expect(first.closed).toBe(true);
    expect(stream.getStatus()).toBe('disconnected');

    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSource.all[1]?.url).toBe('/api/stream?ticket=t2&last_event_id=42');

    FakeSource.all[1]!.onerror?.();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(FakeSource.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSource.all).toHaveLength(3);

    FakeSource.all[2]!.onerror?.();
    invalidate.mockClear();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['conversations', 'me'] });
    stream.close();
  });

  it('refetches the open conversation and the counters when the stream reports a gap, and after a reconnect', async () => {
    const messages = conversationMessagesQueryOptions('bearer', 1);
    const unread = unreadSummaryQueryOptions('bearer');
    const loadMessages = vi.fn(() => Promise.resolve({ messages: [], hasOlder: false }));
    const loadUnread = vi.fn(() =>
      Promise.resolve({ unread_messages: 0, unread_conversations: 0, unanswered_conversations: 0 }),
    );
    // The open chat and the header's counter: observed queries, fresh for as long as nothing says otherwise.
    const openChat = new QueryObserver(queryClient, { ...messages, queryFn: loadMessages, staleTime: Infinity });
    const counter = new QueryObserver(queryClient, { ...unread, queryFn: loadUnread, staleTime: Infinity });
    const stops = [openChat.subscribe(() => undefined), counter.subscribe(() => undefined)];
    await vi.waitFor(() => expect(loadMessages).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(loadUnread).toHaveBeenCalledTimes(1));
    const stream = start();
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
    const source = FakeSource.all[0]!;
    source.emit('ready', {});
    source.emit('gap', { nonsense: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(loadMessages).toHaveBeenCalledTimes(1);
    expect(loadUnread).toHaveBeenCalledTimes(1);

    source.emit('gap', { complete: true });
    await vi.waitFor(() => expect(loadMessages.mock.calls.length).toBeGreaterThan(1));
    await vi.waitFor(() => expect(loadUnread.mock.calls.length).toBeGreaterThan(1));

    const [messagesBefore, unreadBefore] = [loadMessages.mock.calls.length, loadUnread.mock.calls.length];
    source.onerror?.();
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(2));
    FakeSource.all[1]!.emit('ready', {});
    await vi.waitFor(() => expect(loadMessages.mock.calls.length).toBeGreaterThan(messagesBefore));
    await vi.waitFor(() => expect(loadUnread.mock.calls.length).toBeGreaterThan(unreadBefore));
    for (const stop of stops) stop();
    stream.close();
  });

  it('gives up when the ticket is refused (signed out, invitation no longer valid)', async () => {
    const stream = start(() =>
      Promise.reject(new ApiError({ status: 401, code: 'auth.unauthenticated', detail: 'no' })),
    );
    await vi.waitFor(() => expect(stream.getStatus()).toBe('closed'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSource.all).toHaveLength(0);
  });
});
