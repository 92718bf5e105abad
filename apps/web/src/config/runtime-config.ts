// The operator's settings, read once from GET /config.json before the app renders.
import type { RuntimeConfig } from '@sp/shared';
import { readRuntimeConfig } from '@/lib/wire-checks';

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl('/config.json', { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  return readRuntimeConfig(await response.json());
}
