export { createAuthStore, isSignedIn } from './auth-store';
export type { AuthSession, AuthStore, AuthUser } from './auth-store';
export { AuthProvider, useAuth, useAuthStore } from './auth-provider';
export { isOrganiserRole, safeRedirectPath } from './guards';
export { DASHBOARD_PATHS, dashboardViewFor, dashboardViewOfPath } from './dashboard-view';
export { redirectToOnboardingIfNeeded, requireOrganiser, requireSignedIn } from './route-guards';
export { unknownViewer } from './viewer';
export type { ViewerSource } from './viewer';
