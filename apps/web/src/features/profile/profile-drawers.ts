/** The side drawer of the profile page: closed, or open on one of these panels (spec "Profile"). */
export const PROFILE_DRAWERS = ['profile', 'role', 'password'] as const;
export type ProfileDrawer = (typeof PROFILE_DRAWERS)[number];
