/**
 * Paths of the API calls a signed-in page makes as it starts. They are built here, not in the
 * features that make the calls, because index.html's inline script sends the same requests before
 * the app's scripts have arrived (src/lib/early-requests.ts) and the app takes those answers only
 * for exactly the same URL: one builder for both keeps them from drifting apart.
 */

/** The full URL of an API path under the runtime config's `apiBase` ('/api' or an absolute URL). */
export function apiUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** GET/PUT/DELETE /user-profile/{sub} */
export function userProfilePath(sub: string): string {
  return `/user-profile/${encodeURIComponent(sub)}`;
}

/** GET /organisation/{organisationId}/tasks: the organiser dashboard's open tasks. */
export function organiserTasksPath(organisationId: number): string {
  return `/organisation/${organisationId}/tasks`;
}

/** GET /users/{organisationId}: the organisation's team. */
export function teamMembersPath(organisationId: number): string {
  return `/users/${organisationId}`;
}

/** GET /conversation/unread of a signed-in user: the header's and the dashboard's counters. */
export const UNREAD_SUMMARY_PATH = '/conversation/unread';

/** GET /event/{id}: an event as its organiser edits it (the loader of every /edit-event/{id} page). */
export function eventPath(eventId: number): string {
  return `/event/${eventId}`;
}

/** GET /events/{id}/readiness: the event's readiness board. */
export function readinessBoardPath(eventId: number): string {
  return `/events/${eventId}/readiness`;
}

/** GET /events/{id}/readiness/notices: the chasers sent for the event. */
export function readinessNoticesPath(eventId: number): string {
  return `/events/${eventId}/readiness/notices`;
}
