import { describe, expect, it } from 'vitest';
import { decideRouteAccess, isOrganiserRole, safeRedirectPath, shouldRedirectToOnboarding } from './guards';

describe('decideRouteAccess', () => {
  it('sends signed-out visitors to login with the place they wanted', () => {
    expect(decideRouteAccess({ access: 'signedIn', status: 'signedOut', role: null, href: '/profile/' })).toEqual({
      type: 'login',
      redirect: '/profile/',
    });
    expect(
      decideRouteAccess({ access: 'organiser', status: 'signedOut', role: null, href: '/edit-event/7?tab=files' }),
    ).toEqual({ type: 'login', redirect: '/edit-event/7?tab=files' });
    expect(decideRouteAccess({ access: 'signedIn', status: 'loading', role: null, href: '/profile/' }).type).toBe(
      'login',
    );
  });

  it('lets any signed-in user reach protected routes', () => {
    expect(decideRouteAccess({ access: 'signedIn', status: 'signedIn', role: null, href: '/profile/' })).toEqual({
      type: 'allow',
    });
    expect(
      decideRouteAccess({ access: 'signedIn', status: 'isOnBoarded', role: 'sponsor', href: '/on-boarding/' }),
    ).toEqual({
      type: 'allow',
    });
  });

  it('requires an organiser role for organiser routes', () => {
    const base = { access: 'organiser', status: 'isOnBoarded', href: '/create-event/' } as const;
    expect(decideRouteAccess({ ...base, role: 'veranstalter' })).toEqual({ type: 'allow' });
    expect(decideRouteAccess({ ...base, role: 'beides' })).toEqual({ type: 'allow' });
    expect(decideRouteAccess({ ...base, role: 'sponsor' })).toEqual({ type: 'unauthorized' });
    expect(decideRouteAccess({ ...base, role: null })).toEqual({ type: 'unauthorized' });
  });

  it('knows the organiser roles', () => {
    expect(isOrganiserRole('veranstalter')).toBe(true);
    expect(isOrganiserRole('sponsor')).toBe(false);
    expect(isOrganiserRole(undefined)).toBe(false);
  });
});

describe('shouldRedirectToOnboarding', () => {
  it('redirects a signed-in user whose onboarding is not complete', () => {
    expect(shouldRedirectToOnboarding({ status: 'signedIn', onboardingCompleted: false, pathname: '/chats/' })).toBe(
      true,
    );
    expect(shouldRedirectToOnboarding({ status: 'signedIn', onboardingCompleted: undefined, pathname: '/' })).toBe(
      true,
    );
  });

  it('never redirects on the onboarding route itself, nor signed-out or onboarded users', () => {
    expect(
      shouldRedirectToOnboarding({ status: 'signedIn', onboardingCompleted: false, pathname: '/on-boarding/' }),
    ).toBe(false);
    expect(shouldRedirectToOnboarding({ status: 'signedOut', onboardingCompleted: undefined, pathname: '/' })).toBe(
      false,
    );
    expect(shouldRedirectToOnboarding({ status: 'isOnBoarded', onboardingCompleted: undefined, pathname: '/' })).toBe(
      false,
    );
    expect(shouldRedirectToOnboarding({ status: 'signedIn', onboardingCompleted: true, pathname: '/' })).toBe(false);
  });

  it('keeps the legal pages readable', () => {
    for (const pathname of ['/impressum/', '/privacy-notice/', '/agb']) {
      expect(shouldRedirectToOnboarding({ status: 'signedIn', onboardingCompleted: false, pathname })).toBe(false);
    }
  });
});

describe('safeRedirectPath', () => {
  it('keeps same-origin paths only', () => {
    expect(safeRedirectPath('/profile/?tab=role')).toBe('/profile/?tab=role');
    expect(safeRedirectPath('//evil.example/')).toBeUndefined();
    expect(safeRedirectPath('/\\evil.example')).toBeUndefined();
    expect(safeRedirectPath('https://evil.example/')).toBeUndefined();
    expect(safeRedirectPath(42)).toBeUndefined();
  });
});
