// Business constants and limits of spec section 9, kept once for the API and the web app.

export const EVENT_TITLE_MAX = 100;
export const EVENT_DESCRIPTION_MAX = 1000;
export const RESET_CODE_LENGTH = 6;
export const PHONE_PATTERN = /^[+\d ]{6,20}$/;
export const USER_POOL_ID_MAX = 55;
export const USER_POOL_ID_PATTERN = /^[\w-]+_[0-9a-zA-Z]+$/;
export const CHAT_MOBILE_BREAKPOINT_PX = 768;
export const CHAT_MESSAGE_MAX = 4000;
export const COMBOBOX_MAX_HEIGHT_PX = 300;
export const NEW_EVENT_ID = -1;
export const DEFAULT_SPONSOR_AMOUNT = 0;
export const INVITATION_CODE_MAX = 128;

export const ROLES = ['sponsor', 'veranstalter', 'beides'] as const;
export type Role = (typeof ROLES)[number];

/** The two dashboards; a user with role beides switches between them (issue 21, point 1). */
export const DASHBOARD_VIEWS = ['organiser', 'sponsor'] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];

export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

/** Local storage keys named by the spec (the pending password lives in sessionStorage, see issue 3). */
export const STORAGE_KEYS = {
  invitationToken: 'invitationToken',
  pendingPassword: 'pendingPassword',
  language: 'language',
} as const;

const MINUTE = 60_000;
/** Query freshness of spec section 9, in milliseconds. */
export const STALE_TIMES = {
  events: 5 * MINUTE,
  conversations: 1 * MINUTE,
  teamMembers: Infinity,
  userProfile: Infinity,
} as const;
