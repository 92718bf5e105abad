// The pages a visitor reads without an account (issue 58, point 6): signed out, they show the
// product's front door (name, language, sign-in), not the app's navigation to screens that need one.
const PUBLIC_PAGES = [
  /^\/$/,
  /^\/about\/?$/,
  /^\/impressum\/?$/,
  /^\/privacy-notice\/?$/,
  /^\/agb\/?$/,
  /^\/verify-agreement\/?$/,
  /^\/sponsors\/[^/]+\/?$/,
  // A guest sponsor's invitation link and its chat: the link is their access, they have no account.
  /^\/invite-sponsor\/?$/,
  /^\/chats-sponsor\/?$/,
  // The venue's parcels (decision 082): the venue link is its access, it has no account.
  /^\/venue\/[^/]+\/?$/,
  // The ways in: signing in, registering, a team invitation, a forgotten password, the e-mail code.
  /^\/login\/?$/,
  /^\/register\/?$/,
  /^\/invite\/?$/,
  /^\/forget-password\/?$/,
  /^\/reset-password\/[^/]+\/?$/,
  /^\/verify\/[^/]+\/?$/,
];

export function isPublicPage(pathname: string): boolean {
  return PUBLIC_PAGES.some((page) => page.test(pathname));
}

export function isLoginPage(pathname: string): boolean {
  return /^\/login\/?$/.test(pathname);
}
