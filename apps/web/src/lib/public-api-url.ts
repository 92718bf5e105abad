/**
 * An address the API gives as a path of its own origin (`/api/public/...`, a logo or the wall feed),
 * made absolute: against the API's origin when the runtime config names one, else this page's.
 */
export function publicApiUrl(apiBase: string, path: string): string {
  const origin = /^https?:\/\//i.test(apiBase) ? new URL(apiBase).origin : window.location.origin;
  return `${origin}${path}`;
}
