// The operator's settings, read once from GET /config.json before the app renders. index.html
// preloads it, so it arrives while the scripts do; the server sends it with `no-cache`, so a
// cached copy is revalidated (a `no-store` fetch would not use the preload).
import type { RuntimeConfig } from '@sp/shared';
import { CONFIG_URL, takeEarlyResponse } from '@/lib/early-requests';
import { readRuntimeConfig } from '@/lib/wire-checks';

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  // index.html's inline script has usually read it already (the preload answers one request only).
  const response =
    (await takeEarlyResponse(CONFIG_URL, null)) ??
    (await fetchImpl(CONFIG_URL, { headers: { Accept: 'application/json' } }));
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  return readRuntimeConfig(await response.json());
}
