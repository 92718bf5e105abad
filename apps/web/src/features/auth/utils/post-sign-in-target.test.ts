import { describe, expect, it } from 'vitest';
import { postSignInTarget } from './post-sign-in-target';

describe('postSignInTarget', () => {
  it('sends users who have not finished onboarding (or without a profile) to the onboarding', () => {
    expect(postSignInTarget(null)).toBe('/on-boarding/');
    expect(postSignInTarget({ role: 'veranstalter', onboardingCompleted: false }, '/profile/')).toBe('/on-boarding/');
  });

  it('sends organisers to the organiser dashboard and everyone else to the sponsor dashboard', () => {
    expect(postSignInTarget({ role: 'veranstalter', onboardingCompleted: true })).toBe('/dashboard/organizer/');
    expect(postSignInTarget({ role: 'beides', onboardingCompleted: true })).toBe('/dashboard/organizer/');
    expect(postSignInTarget({ role: 'sponsor', onboardingCompleted: true })).toBe('/dashboard-sponsor');
    expect(postSignInTarget({ role: null, onboardingCompleted: true })).toBe('/dashboard-sponsor');
  });

  it('sends a user with both roles to the dashboard they used last, the organiser one at first', () => {
    const both = { role: 'beides', onboardingCompleted: true } as const;
    expect(postSignInTarget(both, undefined, 'sponsor')).toBe('/dashboard-sponsor');
    expect(postSignInTarget(both, undefined, 'organiser')).toBe('/dashboard/organizer/');
    expect(postSignInTarget(both, undefined, null)).toBe('/dashboard/organizer/');
    expect(postSignInTarget({ role: 'sponsor', onboardingCompleted: true }, undefined, 'organiser')).toBe(
      '/dashboard-sponsor',
    );
    expect(postSignInTarget({ role: 'veranstalter', onboardingCompleted: true }, undefined, 'sponsor')).toBe(
      '/dashboard/organizer/',
    );
  });

  it('follows only same-origin redirects, and never back to the login', () => {
    const done = { role: 'sponsor', onboardingCompleted: true } as const;
    expect(postSignInTarget(done, '/chats/?id=3')).toBe('/chats/?id=3');
    expect(postSignInTarget(done, 'https://evil.example/')).toBe('/dashboard-sponsor');
    expect(postSignInTarget(done, '/login/')).toBe('/dashboard-sponsor');
  });
});
