// An in-memory stand-in for the event endpoints at the network boundary (fetch and the upload's
// XMLHttpRequest), for component tests. It answers like the contract in @sp/shared says.
import { vi } from 'vitest';
import type { EventFile, EventWire, UserProfileWire } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';

export type Call = { method: string; path: string; search: string; body: unknown };

export const ORGANISATION_ID = 7;
export const USER = { user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token-1' };

export function profileWire(overrides: Partial<UserProfileWire> = {}): UserProfileWire {
  return {
    cognito_id: 'u-1',
    role: 'veranstalter',
    organisation_id: ORGANISATION_ID,
    organisation_name: 'Sportverein Musterstadt e. V.',
    profile_picture: null,
    onboarding_completed: true,
    organisation_role: 'owner',
    email: 'anna@verein.de',
    adresse_id: 7,
    street: 'Hauptstraße',
    house_number: '12a',
    postal_code: '10115',
    city: 'Berlin',
    country: 'DE',
    phone_number: null,
    updated_at: null,
    ...overrides,
  };
}

export function eventWire(overrides: Partial<EventWire> = {}): EventWire {
  return {
    id: 1,
    organisation_id: ORGANISATION_ID,
    title: 'Sommerfest 2025',
    event_date: '2025-03-05',
    location: 'Stadthalle Musterstadt',
    description: 'Das große Sommerfest des Vereins.',
    created_at: '2025-01-10T09:00:00.000Z',
    files: [],
    sponsor_amount: 3,
    committed_cents: 250_000,
    in_negotiation_cents: 100_000,
    open_sponsorships: 12,
    archived_at: null,
    ...overrides,
  };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

export type FakeEventsApi = {
  events: EventWire[];
  calls: Call[];
  /** Bytes stored under each blob key by the upload PUTs. */
  blobs: Map<string, Blob>;
  profile: UserProfileWire;
  /** Answers a call instead of the fake, e.g. to fail it; return undefined to let the fake answer. */
  override: (call: Call) => Response | Promise<Response> | undefined;
  /** HTTP status of the next upload PUTs, instead of 200. */
  uploadStatus: number;
  /** Resolves the upload PUTs; set to a never-resolving promise to hold one in flight. */
  uploadGate: Promise<void>;
};

/** Installs the fake as the API client's fetch and as XMLHttpRequest. */
export function installFakeEventsApi(initial: EventWire[] = []): FakeEventsApi {
  const fake: FakeEventsApi = {
    events: [...initial],
    calls: [],
    blobs: new Map(),
    profile: profileWire(),
    override: () => undefined,
    uploadStatus: 200,
    uploadGate: Promise.resolve(),
  };
  let nextId = 101;
  let nextUpload = 1;

  const answer = async (call: Call): Promise<Response> => {
    const overridden = await fake.override(call);
    if (overridden) return overridden;
    const { method, path } = call;
    const params = new URLSearchParams(call.search);
    let match: RegExpExecArray | null;
    if (method === 'GET' && path === `/api/user-profile/${fake.profile.cognito_id}`) {
      return json(200, { user: fake.profile });
    }
    if (method === 'GET' && (match = /^\/api\/events\/(\d+)$/.exec(path))) {
      const archived = params.get('archived') === 'true';
      const mine = fake.events
        .filter((event) => event.organisation_id === Number(match?.[1]))
        .filter((event) => (event.archived_at !== null) === archived)
        .sort((a, b) => b.event_date.localeCompare(a.event_date) || b.id - a.id);
      // The keyset cursor (`after=date,id`) as the server reads it, then `offset` from there.
      const after = params.get('after');
      const [afterDate, afterId] = after ? [after.split(',')[0]!, Number(after.split(',')[1])] : [null, 0];
      const rest =
        afterDate === null
          ? mine
          : mine.filter((e) => e.event_date < afterDate || (e.event_date === afterDate && e.id < afterId));
      const offset = Number(params.get('offset') ?? 0);
      const limit = Number(params.get('limit') ?? 20);
      return json(200, rest.slice(offset, offset + limit), { 'X-Total-Count': String(mine.length) });
    }
    if (method === 'POST' && (match = /^\/api\/event\/(\d+)\/(archive|unarchive)$/.exec(path))) {
      const event = fake.events.find((e) => e.id === Number(match?.[1]));
      if (!event) return json(404, { detail: 'Event not found', code: 'event.not-found' });
      event.archived_at = match[2] === 'archive' ? '2025-06-01T10:00:00.000Z' : null;
      return json(200, event);
    }
    if (method === 'GET' && (match = /^\/api\/event\/(\d+)\/deletion$/.exec(path))) {
      const event = fake.events.find((e) => e.id === Number(match?.[1]));
      if (!event) return json(404, { detail: 'Event not found', code: 'event.not-found' });
      const blocking = event.sponsor_amount;
      return json(200, {
        id: event.id,
        title: event.title,
        deletable: blocking === 0,
        invitations: event.open_sponsorships,
        packages: 2,
        files: event.files.length,
        blocking_sponsorships: blocking,
      });
    }
    if (method === 'DELETE' && (match = /^\/api\/event\/(\d+)$/.exec(path))) {
      fake.events = fake.events.filter((e) => e.id !== Number(match?.[1]));
      return new Response(null, { status: 204 });
    }
    if ((match = /^\/api\/event\/(-?\d+)$/.exec(path))) {
      const id = Number(match[1]);
      const body = call.body as Pick<EventWire, 'title' | 'event_date' | 'location' | 'description' | 'files'>;
      if (method === 'POST' && id === -1) {
        const created = eventWire({
          ...body,
          id: nextId++,
          files: [],
          sponsor_amount: 0,
          committed_cents: 0,
          in_negotiation_cents: 0,
          open_sponsorships: 0,
        });
        fake.events.push(created);
        return json(201, created);
      }
      const index = fake.events.findIndex((event) => event.id === id);
      const existing = fake.events[index];
      if (!existing) return json(404, { detail: 'Event not found', code: 'event.not-found' });
      if (method === 'GET') return json(200, existing);
      if (method === 'PUT') {
        const updated = { ...existing, ...body };
        fake.events[index] = updated;
        return json(200, updated);
      }
    }
    if (method === 'GET' && (match = /^\/api\/file\/upload\/(\d+)\/(\d+)\/([^/]+)\/([^/]+)$/.exec(path))) {
      const name = `${decodeURIComponent(match[3] ?? '')}.${match[4] ?? ''}`;
      const key = `events/${match[2]}/${nextUpload}-${name}`;
      return json(200, {
        url: `/api/blobs/${encodeURIComponent(key)}?signature=abc`,
        file: name,
        key,
        s3_id: `s3-${nextUpload++}`,
        expires_at: '2030-01-01T00:00:00.000Z',
        max_bytes: 10_000_000,
      });
    }
    if (method === 'GET' && path === '/api/download') {
      const blob = fake.blobs.get(params.get('key') ?? '');
      if (!blob) return json(404, { detail: 'File not found', code: 'file.not-found' });
      return new Response(await blob.arrayBuffer(), { status: 200, headers: { 'Content-Type': 'application/pdf' } });
    }
    return json(404, { detail: `No fake for ${method} ${path}`, code: 'request.not-found' });
  };

  configureApiClient({
    baseUrl: '/api',
    getAccessToken: () => Promise.resolve(USER.accessToken),
    fetch: async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const call: Call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        search: url.search,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      fake.calls.push(call);
      return answer(call);
    },
  });

  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = '';
    private url = '';
    readonly headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }

    send(body: Blob) {
      const url = new URL(this.url, 'http://localhost');
      fake.calls.push({ method: this.method, path: url.pathname, search: url.search, body });
      void (async () => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: body.size / 2, total: body.size });
        await fake.uploadGate;
        this.status = fake.uploadStatus;
        if (this.status === 200) {
          const key = decodeURIComponent(url.pathname.replace('/api/blobs/', ''));
          fake.blobs.set(key, body);
        } else {
          this.responseText = JSON.stringify({ detail: 'Upload failed', code: 'server.internal' });
        }
        this.onload?.();
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return fake;
}

export function pdfFile(name = 'Vertrag.pdf', text = '%PDF-1.4\n%test\n'): File {
  return new File([text], name, { type: 'application/pdf' });
}

export function storedFile(overrides: Partial<EventFile> = {}): EventFile {
  return { s3_id: 's3-0', name: 'Vereinbarung.pdf', key: 'events/1/0-Vereinbarung.pdf', ...overrides };
}
