/**
 * The inline script of every copy of index.html (bundled by sp:early-requests, vite-plugins/early-requests-script.ts):
 * starts the requests of a signed-in start while the app's scripts download, and shows a signed-in
 * page's prerendered frame when it fits (lib/early-requests.ts); holds a prerendered form submitted
 * before the app has started (lib/early-submit.ts).
 */
import { startEarlyRequests } from './lib/early-requests';
import { holdEarlySubmits } from './lib/early-submit';

holdEarlySubmits(document, window.location, Date.now, (held) =>
  document.documentElement.toggleAttribute('data-submit-held', held),
);

try {
  void startEarlyRequests({
    pathname: window.location.pathname,
    storage: window.localStorage,
    showFrame: (shown) => document.documentElement.toggleAttribute('data-frame-shown', shown),
  });
} catch {
  // Storage disabled: the app starts as it would without this script.
}
