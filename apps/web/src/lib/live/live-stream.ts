/**
 * The app's one live connection (GET /api/stream, Server-Sent Events): new messages, read changes,
 * unread counters and in-app alerts go straight into the query caches; a sponsorship's change
 * (state, agreement, deliverables, invoices) refetches the screens that show one. EventSource cannot send an
 * Authorization header, so each connection first fetches a short-lived ticket. After an error it reconnects with
 * a fresh ticket and the last message id seen (the server replays what was missed), backing off
 * exponentially; while it is down, the chat queries are refetched every 30 seconds instead. A `gap` event (the
 * server's bus was cut off, or a replay reached its limit) and every reconnect refetch the open conversation, the
 * list, the counters and the sponsorship screens, since read marks and sponsorship changes are not replayed.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  ZStreamGapEvent,
  ZStreamMessageEvent,
  ZStreamReadEvent,
  ZStreamTicketResponse,
  ZStreamNotificationEvent,
  ZStreamNotificationReadEvent,
  ZStreamSponsorshipEvent,
  ZStreamUnreadEvent,
  type NotificationStreamEventType,
  type StreamEventType,
} from '@sp/shared';
import { applyAlertEvent, applyAlertReadEvent, refreshAlerts } from '@/lib/alerts';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { refreshSponsorshipViews } from './sponsorship-views';
import {
  applyIncomingMessage,
  applyReadEvent,
  applyUnreadSummary,
  conversationScopeKey,
  conversationsQueryOptions,
  type ChatAuth,
  type Conversation,
} from '@/lib/chat';

export type LiveStatus = 'connecting' | 'open' | 'disconnected' | 'closed';

export type LiveStream = {
  getStatus: () => LiveStatus;
  subscribe: (listener: () => void) => () => void;
  /** Ends the connection for good (sign-out, leaving the guest chat). */
  close: () => void;
};

type EventSourceLike = Pick<EventSource, 'addEventListener' | 'close'> & {
  onerror: ((this: EventSource, event: Event) => unknown) | null;
};

export type LiveStreamOptions = {
  auth: ChatAuth;
  /** The API base of the runtime config, e.g. '/api'. */
  baseUrl: string;
  queryClient: QueryClient;
  /** Defaults to POST /stream/ticket. */
  getTicket?: (auth: ChatAuth) => Promise<string>;
  /** Defaults to the browser's; without one, only the fallback polling runs. */
  createEventSource?: ((url: string) => EventSourceLike) | null;
  fallbackIntervalMs?: number;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  random?: () => number;
};

export const FALLBACK_INTERVAL_MS = 30_000;
const INITIAL_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;

async function fetchTicket(auth: ChatAuth): Promise<string> {
  const { ticket } = await api.post('/stream/ticket', undefined, { auth, schema: ZStreamTicketResponse });
  return ticket;
}

function browserEventSource(): ((url: string) => EventSourceLike) | null {
  if (typeof EventSource === 'undefined') return null;
  return (url) => new EventSource(url);
}

/** The newest message id already in the caches, so that a first connection misses nothing. */
function newestKnownMessageId(queryClient: QueryClient, auth: ChatAuth): number | null {
  const list = queryClient.getQueryData<Conversation[]>(conversationsQueryOptions(auth).queryKey);
  const ids = (list ?? []).flatMap((c) => (c.message && c.message.id > 0 ? [c.message.id] : []));
  return ids.length > 0 ? Math.max(...ids) : null;
}

function parseData(event: Event): unknown {
  try {
    return JSON.parse(String((event as MessageEvent).data)) as unknown;
  } catch {
    return undefined;
  }
}

export function startLiveStream({
  auth,
  baseUrl,
  queryClient,
  getTicket = fetchTicket,
  createEventSource = browserEventSource(),
  fallbackIntervalMs = FALLBACK_INTERVAL_MS,
  initialBackoffMs = INITIAL_BACKOFF_MS,
  maxBackoffMs = MAX_BACKOFF_MS,
  random = Math.random,
}: LiveStreamOptions): LiveStream {
  let status: LiveStatus = 'connecting';
  let source: EventSourceLike | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let fallbackTimer: ReturnType<typeof setInterval> | undefined;
  let attempt = 0;
  let everOpened = false;
  let lastEventId: number | null = null;
  const listeners = new Set<() => void>();

  // A function, not an inline comparison: `status` changes while connect() awaits its ticket.
  const isClosed = () => status === 'closed';

  function setStatus(next: LiveStatus): void {
    if (status === next) return;
    status = next;
    for (const listener of listeners) listener();
  }

  function refetchAll(): void {
    void queryClient.invalidateQueries({ queryKey: conversationScopeKey(auth) });
    // Sponsorship changes are not replayed either.
    refreshSponsorshipViews(queryClient);
    // Guests have no alerts.
    if (auth === 'bearer') refreshAlerts(queryClient);
  }

  function startFallback(): void {
    fallbackTimer ??= setInterval(refetchAll, fallbackIntervalMs);
  }

  function stopFallback(): void {
    clearInterval(fallbackTimer);
    fallbackTimer = undefined;
  }

  function scheduleReconnect(): void {
    if (status === 'closed') return;
    setStatus('disconnected');
    startFallback();
    const delay = Math.min(maxBackoffMs, initialBackoffMs * 2 ** attempt) + random() * initialBackoffMs;
    attempt += 1;
    reconnectTimer = setTimeout(() => void connect(), delay);
  }

  function on(type: StreamEventType | NotificationStreamEventType, handler: (event: Event) => void): void {
    source?.addEventListener(type, handler);
  }

  async function connect(): Promise<void> {
    if (status === 'closed') return;
    if (!createEventSource) {
      setStatus('disconnected');
      startFallback();
      return;
    }
    let ticket: string;
    try {
      ticket = await getTicket(auth);
    } catch (error) {
      // Signed out or an invitation no longer valid: asking again will not help.
      if (isApiError(error) && (error.status === 401 || error.status === 403)) {
        close();
        return;
      }
      scheduleReconnect();
      return;
    }
    if (isClosed()) return;

    lastEventId ??= newestKnownMessageId(queryClient, auth);
    const params = new URLSearchParams({ ticket });
    if (lastEventId !== null) params.set('last_event_id', String(lastEventId));
    const current = createEventSource(`${baseUrl.replace(/\/+$/, '')}/stream?${params.toString()}`);
    source = current;

    on('ready', () => {
      attempt = 0;
      stopFallback();
      setStatus('open');
      // After a gap the counters and read marks may have changed without a replay.
      if (everOpened) refetchAll();
      // Alerts are not replayed: one made between the page's first fetch and this connection would
      // otherwise wait for the next refetch.
      else if (auth === 'bearer') refreshAlerts(queryClient);
      everOpened = true;
    });
    on('message', (event) => {
      const parsed = ZStreamMessageEvent.safeParse(parseData(event));
      if (!parsed.success) return;
      lastEventId = Math.max(lastEventId ?? 0, parsed.data.id);
      applyIncomingMessage(queryClient, auth, parsed.data);
    });
    on('gap', (event) => {
      if (ZStreamGapEvent.safeParse(parseData(event)).success) refetchAll();
    });
    on('read', (event) => {
      const parsed = ZStreamReadEvent.safeParse(parseData(event));
      if (parsed.success) applyReadEvent(queryClient, auth, parsed.data);
    });
    on('unread', (event) => {
      const parsed = ZStreamUnreadEvent.safeParse(parseData(event));
      if (parsed.success) applyUnreadSummary(queryClient, auth, parsed.data);
    });
    on('sponsorship', (event) => {
      const parsed = ZStreamSponsorshipEvent.safeParse(parseData(event));
      if (parsed.success) refreshSponsorshipViews(queryClient, parsed.data.parts);
    });
    on('notification', (event) => {
      const parsed = ZStreamNotificationEvent.safeParse(parseData(event));
      if (parsed.success) applyAlertEvent(queryClient, parsed.data);
    });
    on('notification_read', (event) => {
      const parsed = ZStreamNotificationReadEvent.safeParse(parseData(event));
      if (parsed.success) applyAlertReadEvent(queryClient, parsed.data);
    });
    current.onerror = () => {
      // EventSource would retry with the same, now spent ticket; reconnect ourselves instead.
      current.close();
      if (source === current) source = null;
      scheduleReconnect();
    };
  }

  function close(): void {
    setStatus('closed');
    clearTimeout(reconnectTimer);
    stopFallback();
    source?.close();
    source = null;
    listeners.clear();
  }

  void connect();

  return {
    getStatus: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close,
  };
}
