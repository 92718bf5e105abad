/**
 * The inline script of every copy of index.html (bundled by sp:early-requests, vite-plugins/early-requests-script.ts):
 * starts the requests of a signed-in start while the app's scripts download (lib/early-requests.ts).
 */
import { startEarlyRequests } from './lib/early-requests';

try {
  void startEarlyRequests({ pathname: window.location.pathname, storage: window.localStorage });
} catch {
  // Storage disabled: the app starts as it would without this script.
}
