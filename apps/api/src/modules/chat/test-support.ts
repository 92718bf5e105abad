// Test support for the chat (imported by tests only): a Server-Sent Events client over real HTTP.
import http from 'node:http';

export type SseEvent = { event: string; id?: string; data: string };

export type SseClient = {
  status: number;
  body: string;
  events: SseEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The first event (already received or arriving within `timeoutMs`) that matches. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
};

/** Connects with node's http.get (not inject: the stream never ends) and parses the events. */
export function connectStream(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${path}`, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      res.setEncoding('utf8');
      let buffer = '';
      const waiters: { match: (event: SseEvent) => boolean; resolve: (event: SseEvent) => void }[] = [];
      const client: SseClient = {
        status: res.statusCode ?? 0,
        body: '',
        events: [],
        ended: new Promise((resolveEnd) => res.on('close', () => resolveEnd())),
        next(match, timeoutMs = 3000) {
          const found = client.events.find(match);
          if (found) return Promise.resolve(found);
          return new Promise((resolveEvent, rejectEvent) => {
            const timer = setTimeout(() => rejectEvent(new Error('no matching stream event')), timeoutMs);
            waiters.push({
              match,
              resolve: (event) => {
                clearTimeout(timer);
                resolveEvent(event);
              },
            });
          });
        },
        close: () => request.destroy(),
      };
      res.on('data', (chunk: string) => {
        client.body += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon === 0) continue;
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') event.event = value;
            if (field === 'id') event.id = value;
            if (field === 'data') {
              event.data = hasData ? `${event.data}\n${value}` : value;
              hasData = true;
            }
          }
          if (!hasData) continue;
          client.events.push(event);
          for (const waiter of [...waiters]) {
            if (waiter.match(event)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(event);
            }
          }
        }
      });
      res.on('error', () => undefined);
      // A refused stream answers JSON and ends; wait for its body.
      if (res.statusCode !== 200) res.on('end', () => resolve(client));
      else resolve(client);
    });
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
