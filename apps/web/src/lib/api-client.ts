/**
 * The one way the app talks to its API: JSON in and out, the bearer token of the signed-in user
 * (or a guest's "token:email"), answers parsed with the shared zod schemas, and every failure
 * turned into an ApiError. Features call `api` from their `api/` files; nothing else uses fetch.
 */
import { ApiError, INVALID_RESPONSE_CODE, NETWORK_ERROR_CODE, codeForStatus } from './api-error';
import { apiUrl } from './api-paths';
import { takeEarlyResponse } from './early-requests';
import { readApiErrorBody } from './wire-checks';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * - `bearer` (default): the signed-in user's access token, if there is one.
 * - `none`: no Authorization header (public endpoints such as GET /invitations/{token}).
 * - `guest`: the spec's token-based chat access, "token:email".
 */
/** Parses an answer: a schema of classic zod or of zod/mini. */
export type ResponseSchema<T> = {
  safeParse: (data: unknown) => { success: true; data: T } | { success: false; error: unknown };
};

export type ApiAuth = 'bearer' | 'none' | { guest: { token: string; email: string } };

export type ApiRequestOptions<T> = {
  method?: HttpMethod;
  /** Serialised as JSON. */
  body?: unknown;
  /**
   * Parses the answer; without it the answer is returned unchecked as `unknown`. A function that
   * loads the schema (a dynamic import) is called as the request starts.
   */
  schema?: ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);
  auth?: ApiAuth;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

export type ApiClientOptions = {
  /** e.g. '/api' from /config.json, or an absolute URL. */
  baseUrl: string;
  /** Current access token (refreshed if needed), or null when signed out. */
  getAccessToken: () => Promise<string | null>;
  fetch?: typeof fetch;
};

export type ApiClient = {
  request: <T = unknown>(path: string, options?: ApiRequestOptions<T>) => Promise<T>;
  get: <T = unknown>(path: string, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) => Promise<T>;
  post: <T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>,
  ) => Promise<T>;
  put: <T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>,
  ) => Promise<T>;
  delete: <T = unknown>(path: string, options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>) => Promise<T>;
  /** GET with the answer's headers too (e.g. `X-Total-Count` of paged lists). */
  getWithHeaders: <T = unknown>(
    path: string,
    options?: Omit<ApiRequestOptions<T>, 'method' | 'body'>,
  ) => Promise<ApiResponse<T>>;
  /** GET of a binary answer (a file download), with its headers. */
  getBlob: (
    path: string,
    options?: Omit<ApiRequestOptions<never>, 'method' | 'body' | 'schema'>,
  ) => Promise<ApiResponse<Blob>>;
};

export type ApiResponse<T> = { data: T; headers: Headers };

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response).catch(() => undefined);
  const parsed = readApiErrorBody(body);
  if (response.status >= 500) {
    // The server's own text is dropped here so that it cannot reach the screen.
    return new ApiError({
      status: response.status,
      code: parsed ? parsed.code : 'server.internal',
      detail: 'Server error',
    });
  }
  if (parsed) {
    return new ApiError({ status: response.status, ...parsed });
  }
  return new ApiError({
    status: response.status,
    code: codeForStatus(response.status),
    detail: response.statusText || `HTTP ${response.status}`,
  });
}

export function createApiClient({ baseUrl, getAccessToken, fetch: fetchImpl }: ApiClientOptions): ApiClient {
  async function authorization(auth: ApiAuth): Promise<string | null> {
    if (auth === 'none') return null;
    if (auth === 'bearer') {
      const token = await getAccessToken().catch(() => null);
      return token ? `Bearer ${token}` : null;
    }
    return `${auth.guest.token}:${auth.guest.email}`;
  }

  /** Sends the request and returns the answer when it is a success; every failure is an ApiError. */
  async function send(path: string, options: ApiRequestOptions<unknown>, accept: string): Promise<Response> {
    const { method = 'GET', body, auth = 'bearer', signal, headers: extraHeaders } = options;
    const headers = new Headers({ Accept: accept, ...extraHeaders });
    // A Blob (an image to upload) goes as its raw bytes; everything else as JSON.
    const raw = typeof Blob !== 'undefined' && body instanceof Blob;
    if (body !== undefined) headers.set('Content-Type', raw ? 'application/octet-stream' : 'application/json');
    const authHeader = await authorization(auth);
    if (authHeader) headers.set('Authorization', authHeader);

    const url = apiUrl(baseUrl, path);
    // The answer index.html's inline script already asked for, if it got one (lib/early-requests.ts).
    const early = method === 'GET' && body === undefined ? await takeEarlyResponse(url, authHeader) : null;
    if (early) return early;

    let response: Response;
    try {
      response = await (fetchImpl ?? globalThis.fetch)(url, {
        method,
        headers,
        body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
        signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError({ status: 0, code: NETWORK_ERROR_CODE, detail: 'Network error' }, { cause });
    }

    if (!response.ok) throw await toApiError(response);
    return response;
  }

  async function requestWithHeaders<T = unknown>(
    path: string,
    options: ApiRequestOptions<T> = {},
  ): Promise<ApiResponse<T>> {
    const loading = typeof options.schema === 'function' ? options.schema() : options.schema;
    // Settled later; a failed load before a failed request must not go unhandled.
    void Promise.resolve(loading).catch(() => undefined);
    const response = await send(path, options, 'application/json');
    if (response.status === 204) return { data: undefined as T, headers: response.headers };

    const data = await readJson(response);
    const schema = await loading;
    if (!schema) return { data: data as T, headers: response.headers };
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw new ApiError(
        { status: response.status, code: INVALID_RESPONSE_CODE, detail: 'Unexpected response' },
        { cause: parsed.error },
      );
    }
    return { data: parsed.data, headers: response.headers };
  }

  async function request<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
    return (await requestWithHeaders(path, options)).data;
  }

  async function getBlob(
    path: string,
    options: Omit<ApiRequestOptions<never>, 'method' | 'body' | 'schema'> = {},
  ): Promise<ApiResponse<Blob>> {
    const response = await send(path, { ...options, method: 'GET' }, '*/*');
    try {
      return { data: await response.blob(), headers: response.headers };
    } catch (cause) {
      throw new ApiError({ status: 0, code: NETWORK_ERROR_CODE, detail: 'Network error' }, { cause });
    }
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
    getWithHeaders: (path, options) => requestWithHeaders(path, { ...options, method: 'GET' }),
    getBlob,
  };
}

let configured: ApiClient | null = null;

/** Called once at start (src/main.tsx) with the runtime config and the auth store. */
export function configureApiClient(options: ApiClientOptions): void {
  configured = createApiClient(options);
}

function client(): ApiClient {
  if (!configured) throw new Error('configureApiClient() has not been called');
  return configured;
}

/** The app's API client; features use it in their fetchers. */
export const api: ApiClient = {
  request: (path, options) => client().request(path, options),
  get: (path, options) => client().get(path, options),
  post: (path, body, options) => client().post(path, body, options),
  put: (path, body, options) => client().put(path, body, options),
  delete: (path, options) => client().delete(path, options),
  getWithHeaders: (path, options) => client().getWithHeaders(path, options),
  getBlob: (path, options) => client().getBlob(path, options),
};
