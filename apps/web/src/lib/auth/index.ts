export { createAuthStore, isSignedIn } from './auth-store';
export type { AuthSession, AuthState, AuthStatus, AuthStore, AuthUser, SessionSource } from './auth-store';
export { AuthProvider, useAuth, useAuthStore } from './auth-provider';
export {
  ORGANISER_ROLES,
  decideRouteAccess,
  isOrganiserRole,
  safeRedirectPath,
  shouldRedirectToOnboarding,
} from './guards';
export type { AccessDecision, RouteAccess } from './guards';
export { redirectToOnboardingIfNeeded, requireOrganiser, requireSignedIn } from './route-guards';
export { unknownViewer } from './viewer';
export type { ViewerProfile, ViewerSource } from './viewer';
