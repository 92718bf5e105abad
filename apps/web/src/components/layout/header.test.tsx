import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@sp/shared';
import { configureApiClient } from '@/lib/api-client';
import { createTestAuth, renderWithApp } from '@/testing/render';
import { Header } from './header';

/** A page of the app itself: signed out, the public pages show another header (tested below). */
const APP_PAGE = '/events/';

describe('Header', () => {
  it('links Dashboard and Nachrichten to the spec routes', async () => {
    await renderWithApp(<Header />, { path: APP_PAGE });
    const nav = screen.getAllByRole('navigation', { name: 'Hauptnavigation' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/organizer/');
    expect(within(nav).getByRole('link', { name: 'Nachrichten' })).toHaveAttribute('href', '/chats/');
  });

  it('marks Dashboard active only on the exact organiser dashboard path', async () => {
    await renderWithApp(<Header />, { path: '/dashboard/organizer/' });
    const link = screen.getByRole('link', { name: 'Dashboard' });
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Nachrichten' })).not.toHaveAttribute('aria-current');
  });

  it('does not mark Dashboard active on its children', async () => {
    await renderWithApp(<Header />, { path: '/dashboard/organizer/team' });
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('collapses the navigation into a toggle button that opens and closes it', async () => {
    const user = userEvent.setup();
    await renderWithApp(<Header />, { path: APP_PAGE });
    const toggle = screen.getByRole('button', { name: 'Menü öffnen' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('navigation', { name: 'Hauptnavigation' })).toHaveLength(1);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Menü schließen');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).toBeVisible();
    expect(within(panel!).getByRole('link', { name: 'Nachrichten' })).toBeVisible();
    expect(within(panel!).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login/');

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(panel).not.toBeVisible();
  });

  it('has labelled Search, Alerts and Settings buttons; Search asks a signed-out visitor to sign in', async () => {
    const user = userEvent.setup();
    await renderWithApp(<Header />, { path: APP_PAGE });
    expect(screen.getByRole('button', { name: 'Benachrichtigungen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Einstellungen' })).toBeInTheDocument();

    const search = screen.getByRole('button', { name: 'Suche' });
    await user.click(search);
    expect(search).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Melden Sie sich an, um Events/)).toBeVisible();
    await user.keyboard('{Escape}');
    expect(search).toHaveAttribute('aria-expanded', 'false');
  });

  it('switches the language from the settings menu and remembers it', async () => {
    const user = userEvent.setup();
    await renderWithApp(<Header />, { path: APP_PAGE });
    await user.click(screen.getByRole('button', { name: 'Einstellungen' }));
    await user.click(screen.getByRole('radio', { name: 'English' }));

    expect(await screen.findByRole('link', { name: 'Messages' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
  });

  it('offers Login and the user-data entry when signed out', async () => {
    const user = userEvent.setup();
    await renderWithApp(<Header />, { path: APP_PAGE });
    await user.click(screen.getByRole('button', { name: 'Benutzermenü' }));
    expect(screen.getByRole('link', { name: 'Meine Daten' })).toHaveAttribute('href', '/profile/');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login/');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('logs out: ends the session, clears cached data, confirms and goes to /login/', async () => {
    const user = userEvent.setup();
    const auth = await createTestAuth({ user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token' });
    const { queryClient, history } = await renderWithApp(<Header />, { auth, path: '/chats/' });
    queryClient.setQueryData(['user-profile', 'u-1'], { role: 'veranstalter' });

    await user.click(screen.getByRole('button', { name: 'Benutzermenü' }));
    expect(screen.getByText('Angemeldet als anna@verein.de')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await vi.waitFor(() => expect(history.location.pathname).toBe('/login/'));
    expect(auth.getState().status).toBe('signedOut');
    expect(queryClient.getQueryData(['user-profile', 'u-1'])).toBeUndefined();
  });

  it("shows the signed-in user's unread messages on the Nachrichten link, with a spoken label", async () => {
    const paths: string[] = [];
    configureApiClient({
      baseUrl: '/api',
      getAccessToken: () => Promise.resolve('token'),
      fetch: (input) => {
        paths.push(String(input));
        return Promise.resolve(
          new Response(JSON.stringify({ unread_messages: 3, unread_conversations: 2, unanswered_conversations: 2 }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      },
    });
    const auth = await createTestAuth({ user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token' });
    await renderWithApp(<Header />, { auth, path: APP_PAGE });
    const [link] = await screen.findAllByRole('link', { name: 'Nachrichten, 3 ungelesene Nachrichten' });
    expect(link).toHaveAttribute('href', '/chats/');
    // Named by its content, which starts with the visible "Nachrichten" (axe: label-content-name-mismatch).
    expect(link).not.toHaveAttribute('aria-label');
    expect(link).toHaveTextContent(/^Nachrichten, 3 ungelesene NachrichtenNachrichten3$/);
    expect(paths).toContain('/api/conversation/unread');
  });

  it('shows no unread badge when signed out', async () => {
    await renderWithApp(<Header />, { path: APP_PAGE });
    expect(screen.getByRole('link', { name: 'Nachrichten' })).not.toHaveTextContent(/\d/);
  });

  it.each([
    '/',
    '/about',
    '/impressum/',
    '/privacy-notice/',
    '/agb',
    '/verify-agreement/',
    '/sponsors/7',
    '/register/',
    '/invite/',
    '/forget-password/',
    '/reset-password/a%40b.de',
    '/verify/a%40b.de',
    '/invite-sponsor/',
    '/chats-sponsor/',
    '/venue/abc',
  ])('shows a signed-out visitor on the public page %s no app navigation, only language and sign-in', async (path) => {
    await renderWithApp(<Header />, { path });
    expect(screen.getByTestId('public-header')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Nachrichten/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suche' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login/');
    expect(screen.getByRole('group', { name: 'Sprache' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Deutsch' })).toBeChecked();
  });

  it('offers no Login link on the login page itself, only the language', async () => {
    await renderWithApp(<Header />, { path: '/login/' });
    expect(screen.getByTestId('public-header')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Sprache' })).toBeInTheDocument();
  });

  it('keeps the app navigation on a public page for a signed-in user', async () => {
    const auth = await createTestAuth({ user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token' });
    await renderWithApp(<Header />, { auth, path: '/about' });
    expect(screen.queryByTestId('public-header')).not.toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Hauptnavigation' }).length).toBeGreaterThan(0);
  });
});
