import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS } from '@sp/shared';
import { ORGANISER_ROLES } from '@/lib/auth/guards';
import { loadRuntimeConfig } from '@/config/runtime-config';
import { createApiClient } from './api-client';
import {
  EARLY_ANSWER_TTL_MS,
  FRAME_MISFIT_KEY,
  pathsAfterProfile,
  sendEarly,
  startEarlyRequests,
  takeEarlyResponse,
} from './early-requests';

const NOW_MS = Date.UTC(2026, 10, 24, 12, 0, 0);
const NOW = NOW_MS / 1000;
const CLIENT_ID = 'client-1';
const CONFIG = {
  userPoolId: 'local_sponsoring',
  clientId: CLIENT_ID,
  identityEndpoint: '/identity',
  apiBase: '/api',
  defaultLanguage: 'de',
  legal: Object.fromEntries(
    ['operatorName', 'address', 'register', 'directors', 'contactEmail', 'contactPhone', 'vatId'].map((key) => [
      key,
      null,
    ]),
  ),
};

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'RS256' })}.${part(claims)}.signature`;
}

/** Cognito's keys as amazon-cognito-identity-js writes them; answers the access token. */
function storeSession(exp = NOW + 600): string {
  const prefix = `CognitoIdentityServiceProvider.${CLIENT_ID}`;
  const accessToken = jwt({ sub: 'u-1', exp, token_use: 'access' });
  localStorage.setItem(`${prefix}.LastAuthUser`, 'u-1');
  localStorage.setItem(`${prefix}.u-1.idToken`, jwt({ sub: 'u-1', email: 'a@verein.de', exp, token_use: 'id' }));
  localStorage.setItem(`${prefix}.u-1.accessToken`, accessToken);
  localStorage.setItem(`${prefix}.u-1.clockDrift`, '0');
  return accessToken;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers by URL and records what was asked, with which Authorization. */
function fakeServer(answers: Record<string, () => Response>) {
  const calls: { url: string; authorization: string | null }[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, authorization: new Headers(init?.headers).get('Authorization') });
    const answer = answers[url];
    if (!answer) throw new TypeError(`no answer for ${url}`);
    return answer();
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, calls };
}

const profile = (user: Record<string, unknown>) => () => json({ user });

afterEach(() => {
  localStorage.clear();
  // Whatever a test left untaken.
  (globalThis as Record<symbol, Map<string, unknown> | undefined>)[
    Symbol.for('sponsoring-platform.early-requests')
  ]?.clear();
});

describe('startEarlyRequests', () => {
  const organiser = { organisation_id: 7, onboarding_completed: true, role: 'veranstalter' };

  it('asks for the config, the profile and, on the organiser dashboard, what its loaders ask for', async () => {
    const token = storeSession();
    const { fetchImpl, calls } = fakeServer({
      '/config.json': () => json(CONFIG),
      '/api/user-profile/u-1': profile(organiser),
      '/api/organisation/7/tasks': () => json({ tasks: [] }),
      '/api/users/7': () => json([]),
      '/api/conversation/unread': () => json({ total: 0 }),
    });
    await startEarlyRequests({ pathname: '/dashboard/organizer/', storage: localStorage, fetchImpl, now: NOW_MS });
    expect(calls).toEqual([
      { url: '/config.json', authorization: null },
      { url: '/api/user-profile/u-1', authorization: `Bearer ${token}` },
      { url: '/api/organisation/7/tasks', authorization: `Bearer ${token}` },
      { url: '/api/users/7', authorization: `Bearer ${token}` },
      { url: '/api/conversation/unread', authorization: `Bearer ${token}` },
    ]);
    // The app takes each answer, with the body unread.
    const tasks = await takeEarlyResponse('/api/organisation/7/tasks', `Bearer ${token}`, NOW_MS);
    expect(await tasks?.json()).toEqual({ tasks: [] });
    const config = await takeEarlyResponse('/config.json', null, NOW_MS);
    expect(await config?.json()).toEqual(CONFIG);
  });

  it('asks only for the config without a valid stored session', async () => {
    storeSession(NOW - 1);
    const { fetchImpl, calls } = fakeServer({ '/config.json': () => json(CONFIG) });
    await startEarlyRequests({ pathname: '/dashboard/organizer/', storage: localStorage, fetchImpl, now: NOW_MS });
    expect(calls.map((call) => call.url)).toEqual(['/config.json']);
  });

  it('asks for the profile alone on other pages, and stops at a failed profile', async () => {
    storeSession();
    const { fetchImpl, calls } = fakeServer({
      '/config.json': () => json(CONFIG),
      '/api/user-profile/u-1': () => json({ detail: 'Not found', code: 'request.not-found' }, 404),
    });
    await startEarlyRequests({ pathname: '/dashboard/organizer/', storage: localStorage, fetchImpl, now: NOW_MS });
    await startEarlyRequests({ pathname: '/events/', storage: localStorage, fetchImpl, now: NOW_MS });
    expect(calls.map((call) => call.url)).toEqual([
      '/config.json',
      '/api/user-profile/u-1',
      '/config.json',
      '/api/user-profile/u-1',
    ]);
  });

  it('never throws: a config that cannot be read ends it quietly', async () => {
    storeSession();
    const { fetchImpl, calls } = fakeServer({ '/config.json': () => new Response('<html>', { status: 200 }) });
    await expect(
      startEarlyRequests({ pathname: '/dashboard/organizer/', storage: localStorage, fetchImpl, now: NOW_MS }),
    ).resolves.toBeUndefined();
    expect(calls).toHaveLength(1);
  });
});

describe("the organiser dashboard's prerendered frame", () => {
  const organiser = { organisation_id: 7, onboarding_completed: true, role: 'veranstalter' };
  const dashboardAnswers = {
    '/api/organisation/7/tasks': () => json({ tasks: [] }),
    '/api/users/7': () => json([]),
    '/api/conversation/unread': () => json({ total: 0 }),
  };

  /** Every call of showFrame, in order, for a start at `pathname` with this profile and config. */
  async function frameCalls({
    pathname = '/dashboard/organizer/',
    user = organiser as Record<string, unknown> | null,
    config = CONFIG as Record<string, unknown>,
  } = {}) {
    const { fetchImpl } = fakeServer({
      '/config.json': () => json(config),
      '/api/user-profile/u-1': () => (user ? json({ user }) : json({ code: 'request.not-found' }, 404)),
      ...dashboardAnswers,
    });
    const shown: boolean[] = [];
    await startEarlyRequests({
      pathname,
      storage: localStorage,
      fetchImpl,
      now: NOW_MS,
      showFrame: (value) => shown.push(value),
    });
    return shown;
  }

  it('is shown to a stored session in German, and stays for an onboarded organiser of either organising role', async () => {
    storeSession();
    expect(await frameCalls()).toEqual([true]);
    expect(await frameCalls({ user: { ...organiser, role: 'beides' } })).toEqual([true]);
    expect(await frameCalls({ pathname: '/dashboard/organizer' })).toEqual([true]);
    localStorage.setItem('language', 'de');
    expect(await frameCalls({ config: { ...CONFIG, defaultLanguage: 'en' } })).toEqual([true]);
  });

  it('is hidden again when the profile says the app shows something else', async () => {
    storeSession();
    for (const user of [
      { ...organiser, role: 'sponsor' },
      { ...organiser, organisation_id: null },
      { ...organiser, onboarding_completed: false },
      null,
    ]) {
      localStorage.removeItem(FRAME_MISFIT_KEY);
      expect(await frameCalls({ user })).toEqual([true, false]);
    }
  });

  it('is not shown again to a session whose profile did not fit, until its profile fits', async () => {
    storeSession();
    const sponsor = { ...organiser, organisation_id: null, role: 'sponsor' };
    // Learnt on any page: the sponsor's own dashboard, then the organiser's address.
    expect(await frameCalls({ pathname: '/dashboard/sponsor/', user: sponsor })).toEqual([]);
    expect(localStorage.getItem(FRAME_MISFIT_KEY)).toBe('u-1');
    expect(await frameCalls({ user: sponsor })).toEqual([]);
    // A failed profile teaches nothing either way.
    expect(await frameCalls({ user: null })).toEqual([]);
    expect(localStorage.getItem(FRAME_MISFIT_KEY)).toBe('u-1');
    // Another account signed in on this browser sees it.
    localStorage.setItem(FRAME_MISFIT_KEY, 'someone-else');
    expect(await frameCalls({ user: sponsor })).toEqual([true, false]);
    // The same account, now an organiser (onboarding done): hidden once more, then shown.
    expect(await frameCalls()).toEqual([]);
    expect(localStorage.getItem(FRAME_MISFIT_KEY)).toBeNull();
    expect(await frameCalls()).toEqual([true]);
  });

  it('is not shown without a valid stored session, in English, or on other pages', async () => {
    storeSession(NOW - 1);
    expect(await frameCalls()).toEqual([]);
    localStorage.clear();
    storeSession();
    localStorage.setItem('language', 'en');
    expect(await frameCalls()).toEqual([]);
    localStorage.setItem('language', 'fr');
    expect(await frameCalls({ config: { ...CONFIG, defaultLanguage: 'en' } })).toEqual([]);
    localStorage.removeItem('language');
    expect(await frameCalls({ pathname: '/dashboard/organizer/team' })).toEqual([]);
    expect(await frameCalls({ pathname: '/events/' })).toEqual([]);
  });

  it('reads the language and roles the app reads', () => {
    // The inline script keeps its own copies to stay small; these are what it must agree with.
    expect(STORAGE_KEYS.language).toBe('language');
    expect([...LANGUAGES].sort()).toEqual(['de', 'en']);
    expect(DEFAULT_LANGUAGE).toBe('de');
    expect([...ORGANISER_ROLES].sort()).toEqual(['beides', 'veranstalter']);
  });
});

describe('pathsAfterProfile', () => {
  it('names the dashboard requests only for a member of an organisation who finished onboarding', () => {
    const member = { organisation_id: 3, onboarding_completed: true };
    expect(pathsAfterProfile('/dashboard/organizer', member)).toEqual([
      '/organisation/3/tasks',
      '/users/3',
      '/conversation/unread',
    ]);
    expect(pathsAfterProfile('/dashboard/organizer/team', member)).toEqual([]);
    expect(pathsAfterProfile('/dashboard/organizer/', { organisation_id: null, onboarding_completed: true })).toEqual(
      [],
    );
    expect(pathsAfterProfile('/dashboard/organizer/', { organisation_id: 3, onboarding_completed: false })).toEqual([]);
  });

  it('names an event readiness board’s requests only for an organiser', () => {
    const organiser = { organisation_id: 3, onboarding_completed: true, role: 'veranstalter' };
    expect(pathsAfterProfile('/edit-event/12/readiness', organiser)).toEqual([
      '/event/12',
      '/events/12/readiness',
      '/events/12/readiness/notices',
    ]);
    expect(pathsAfterProfile('/edit-event/12/readiness/', { ...organiser, role: 'beides' })).toHaveLength(3);
    expect(pathsAfterProfile('/edit-event/12/readiness', { ...organiser, role: 'sponsor' })).toEqual([]);
    expect(pathsAfterProfile('/edit-event/12/readiness', { ...organiser, onboarding_completed: false })).toEqual([]);
    expect(pathsAfterProfile('/edit-event/12/agreement', organiser)).toEqual([]);
    expect(pathsAfterProfile('/edit-event/-1/readiness', organiser)).toEqual([]);
  });
});

describe('takeEarlyResponse', () => {
  const answer = () => ({ fetchImpl: (async () => json({ ok: 1 })) as unknown as typeof fetch, now: NOW_MS });

  it('gives an answer once, and only for the same Authorization header', async () => {
    sendEarly('/api/a', 'Bearer one', answer());
    expect(await takeEarlyResponse('/api/a', 'Bearer two', NOW_MS)).toBeNull();
    // Taken (and dropped) by the mismatch: the app asks itself.
    expect(await takeEarlyResponse('/api/a', 'Bearer one', NOW_MS)).toBeNull();
    sendEarly('/api/b', 'Bearer one', answer());
    expect(await (await takeEarlyResponse('/api/b', 'Bearer one', NOW_MS))?.json()).toEqual({ ok: 1 });
    expect(await takeEarlyResponse('/api/b', 'Bearer one', NOW_MS)).toBeNull();
  });

  it('does not give a stale answer, a failure or an error status', async () => {
    sendEarly('/api/old', null, answer());
    expect(await takeEarlyResponse('/api/old', null, NOW_MS + EARLY_ANSWER_TTL_MS + 1)).toBeNull();
    const failing = sendEarly('/api/down', null, {
      fetchImpl: (async () => {
        throw new TypeError('offline');
      }) as unknown as typeof fetch,
    });
    await failing.catch(() => undefined);
    expect(await takeEarlyResponse('/api/down', null)).toBeNull();
    sendEarly('/api/denied', null, { fetchImpl: (async () => json({}, 403)) as unknown as typeof fetch });
    expect(await takeEarlyResponse('/api/denied', null)).toBeNull();
  });
});

describe('the app taking early answers', () => {
  it('the API client answers a GET from an early answer without asking again, and sends anything else', async () => {
    const token = storeSession();
    sendEarly('/api/organisation/7/tasks', `Bearer ${token}`, {
      fetchImpl: (async () => json({ tasks: ['early'] })) as unknown as typeof fetch,
    });
    sendEarly('/api/users/7', `Bearer ${token}`, {
      fetchImpl: (async () => json([{ early: true }])) as unknown as typeof fetch,
    });
    const { fetchImpl, calls } = fakeServer({ '/api/users/7': () => json([{ early: false }]) });
    const client = createApiClient({ baseUrl: '/api', getAccessToken: async () => token, fetch: fetchImpl });
    expect(await client.get('/organisation/7/tasks')).toEqual({ tasks: ['early'] });
    // A DELETE of a URL with an early answer is sent; a later GET of it asks anew once taken.
    await client.delete('/users/7').catch(() => undefined);
    expect(await client.get('/users/7')).toEqual([{ early: true }]);
    expect(await client.get('/users/7')).toEqual([{ early: false }]);
    expect(calls.map((call) => call.url)).toEqual(['/api/users/7', '/api/users/7']);
  });

  it('loadRuntimeConfig reads the early answer of /config.json', async () => {
    sendEarly('/config.json', null, { fetchImpl: (async () => json(CONFIG)) as unknown as typeof fetch });
    const fetchImpl = vi.fn();
    expect((await loadRuntimeConfig(fetchImpl as unknown as typeof fetch)).clientId).toBe(CLIENT_ID);
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
