/**
 * Requests a signed-in page needs, sent by index.html's inline script while the app's scripts are
 * still downloading, and taken over by the app when it asks for the same URL with the same token.
 *
 * Why (decision 012): on a slow mobile line the dashboard's ~200 kB of scripts take over a second
 * to arrive, and only then did the app ask for the profile, and after it for the open tasks: two
 * round trips after the download, before the largest content could paint. The inline script (built
 * from src/early-requests-entry.ts into every copy of index.html; the server allows it by its hash)
 * reads the runtime config and the stored session exactly as the app does, and sends the profile
 * and, on the organiser dashboard, the requests the dashboard's loaders make.
 *
 * The app takes an answer once, only for the same URL and Authorization header, only while fresh,
 * and only a success; anything else it asks for itself, as it did before. Both bundles reach the
 * same registry through a global symbol, as they share no module instance.
 */
import {
  apiUrl,
  eventPath,
  organiserTasksPath,
  readinessBoardPath,
  readinessNoticesPath,
  teamMembersPath,
  UNREAD_SUMMARY_PATH,
  userProfilePath,
} from './api-paths';
import { readStoredSession } from './auth/stored-session';

/** The runtime config's URL; index.html preloads it. */
export const CONFIG_URL = '/config.json';

/** An answer older than this is not taken: the app asks anew. */
export const EARLY_ANSWER_TTL_MS = 10_000;

type EarlyRequest = { authorization: string | null; response: Promise<Response>; sentAt: number };
type Registry = Map<string, EarlyRequest>;

const REGISTRY = Symbol.for('sponsoring-platform.early-requests');

function registry(): Registry {
  const holder = globalThis as { [REGISTRY]?: Registry };
  return (holder[REGISTRY] ??= new Map());
}

/**
 * Sends GET `url` (with `authorization`, if any) and keeps a copy of the answer for the app; the
 * caller gets the answer itself.
 */
export function sendEarly(
  url: string,
  authorization: string | null,
  { fetchImpl = fetch, now = Date.now() }: { fetchImpl?: typeof fetch; now?: number } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (authorization) headers.Authorization = authorization;
  const response = fetchImpl(url, { headers });
  const copy = response.then((answer) => answer.clone());
  // Nobody may ever take it: a failed request must not be reported as unhandled.
  copy.catch(() => undefined);
  registry().set(url, { authorization, response: copy, sentAt: now });
  return response;
}

/**
 * The answer the inline script got for GET `url` with the same Authorization header, once; null
 * when there is none, it is stale, or it failed (the caller then sends the request itself).
 */
export async function takeEarlyResponse(
  url: string,
  authorization: string | null,
  now = Date.now(),
): Promise<Response | null> {
  const entries = registry();
  const early = entries.get(url);
  if (!early) return null;
  entries.delete(url);
  if (early.authorization !== authorization || now - early.sentAt > EARLY_ANSWER_TTL_MS) return null;
  const response = await early.response.catch(() => null);
  return response?.ok ? response : null;
}

/** The profile fields the plan needs (GET /user-profile/{sub}, `user`). */
type ProfileWire = { organisation_id?: unknown; onboarding_completed?: unknown; role?: unknown };

const ORGANISER_DASHBOARD = /^\/dashboard\/organizer\/?$/;
/** An event's readiness board: its loader's event and board, and the notices it asks for at once. */
const READINESS_BOARD = /^\/edit-event\/(\d{1,10})\/readiness\/?$/;

/** The language of the prerendered frames (vite-plugins/prerender-pages.ts builds them in it). */
const FRAME_LANGUAGE = 'de';
/** The key and the languages src/lib/i18n reads the visitor's choice by (STORAGE_KEYS.language). */
const LANGUAGE_KEY = 'language';
const LANGUAGES: readonly unknown[] = ['de', 'en'];
/** The roles that see the organiser dashboard (lib/auth/guards.ts, ORGANISER_ROLES). */
const ORGANISER_ROLES: readonly unknown[] = ['veranstalter', 'beides'];

/** The language the app will start in: the visitor's stored choice, else the operator's default. */
function startLanguage(storage: Storage, defaultLanguage: unknown): unknown {
  const stored = storage.getItem(LANGUAGE_KEY);
  return LANGUAGES.includes(stored) ? stored : defaultLanguage;
}

/**
 * The subject of the last stored session whose profile did not fit the frame (a sponsor, say). The
 * frame is shown before the profile's answer, so without this a sponsor who opens the organiser
 * dashboard's address would see the organiser's frame for the length of that request, on every
 * visit; with it, only on the first load of any page after signing in.
 */
export const FRAME_MISFIT_KEY = 'organiserFrameMisfit';

/** Remembers whether `sub`'s profile fits the frame; storage that refuses writes only costs the hint. */
function rememberFit(storage: Storage, sub: string, fits: boolean): void {
  try {
    if (!fits) storage.setItem(FRAME_MISFIT_KEY, sub);
    else if (storage.getItem(FRAME_MISFIT_KEY) === sub) storage.removeItem(FRAME_MISFIT_KEY);
  } catch {
    // Private mode or a full quota: the frame may show once more than it should.
  }
}

/** Whether the organiser dashboard's frame fits this profile: the app would show that page. */
function fitsOrganiserFrame(profile: ProfileWire): boolean {
  return (
    typeof profile.organisation_id === 'number' &&
    profile.onboarding_completed === true &&
    ORGANISER_ROLES.includes(profile.role)
  );
}

/** What the page at `pathname` requests once the profile is known, as its route loaders do. */
export function pathsAfterProfile(pathname: string, profile: ProfileWire): string[] {
  const organisationId = profile.organisation_id;
  if (typeof organisationId !== 'number' || profile.onboarding_completed !== true) return [];
  if (ORGANISER_DASHBOARD.test(pathname)) {
    return [organiserTasksPath(organisationId), teamMembersPath(organisationId), UNREAD_SUMMARY_PATH];
  }
  // The board of 200 sponsors waits for its data after its scripts otherwise (decision 106).
  const board = READINESS_BOARD.exec(pathname);
  if (board && fitsOrganiserFrame(profile)) {
    const eventId = Number(board[1]);
    return [eventPath(eventId), readinessBoardPath(eventId), readinessNoticesPath(eventId)];
  }
  return [];
}

type StartOptions = {
  pathname: string;
  storage: Storage;
  fetchImpl?: typeof fetch;
  now?: number;
  /**
   * Shows or hides the page's prerendered frame (index.css hides it until shown). Shown once a
   * stored session and the language fit it, hidden again when the profile says the app will show
   * something else (another role, no organisation, onboarding not done, no profile).
   */
  showFrame?: (shown: boolean) => void;
};

async function json(response: Promise<Response>): Promise<Record<string, unknown> | null> {
  const answer = await response;
  if (!answer.ok) return null;
  const body: unknown = await answer.json();
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
}

/**
 * The inline script's work: the config, then, with a valid stored session, the profile and what
 * the page needs after it. Never throws: whatever fails here the app does again itself.
 */
export async function startEarlyRequests({
  pathname,
  storage,
  fetchImpl = fetch,
  now,
  showFrame = () => undefined,
}: StartOptions): Promise<void> {
  const send = (url: string, authorization: string | null) => sendEarly(url, authorization, { fetchImpl, now });
  const framed = ORGANISER_DASHBOARD.test(pathname);
  // Tells showFrame only of changes: hiding a frame that was never shown is no news.
  let frameShown = false;
  const setFrame = (shown: boolean) => {
    if (shown === frameShown) return;
    frameShown = shown;
    showFrame(shown);
  };
  try {
    const config = await json(send(CONFIG_URL, null));
    if (typeof config?.clientId !== 'string' || typeof config.apiBase !== 'string') return;
    const { clientId, apiBase } = config;
    const session = readStoredSession(clientId, storage, now);
    if (!session) return;
    const knownMisfit = storage.getItem(FRAME_MISFIT_KEY) === session.user.sub;
    if (framed && !knownMisfit && startLanguage(storage, config.defaultLanguage) === FRAME_LANGUAGE) setFrame(true);
    const authorization = `Bearer ${session.accessToken}`;
    const profile = await json(send(apiUrl(apiBase, userProfilePath(session.user.sub)), authorization));
    const user = profile?.user;
    if (!user || typeof user !== 'object') {
      setFrame(false);
      return;
    }
    const fits = fitsOrganiserFrame(user);
    rememberFit(storage, session.user.sub, fits);
    if (!fits) setFrame(false);
    for (const path of pathsAfterProfile(pathname, user)) {
      send(apiUrl(apiBase, path), authorization).catch(() => undefined);
    }
  } catch {
    // The app sends what is missing, and shows what fits.
    setFrame(false);
  }
}
