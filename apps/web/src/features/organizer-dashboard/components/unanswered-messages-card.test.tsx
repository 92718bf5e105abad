import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { createTestAuth, renderWithApp } from '@/testing/render';
import { UnansweredMessagesCard } from './unanswered-messages-card';

describe('UnansweredMessagesCard', () => {
  it('shows the number of conversations waiting for an answer (not merely unread) and links to the chats', async () => {
    configureApiClient({
      baseUrl: '/api',
      getAccessToken: () => Promise.resolve('token-1'),
      fetch: (input) =>
        Promise.resolve(
          String(input) === '/api/conversation/unread'
            ? new Response(
                JSON.stringify({ unread_messages: 7, unread_conversations: 3, unanswered_conversations: 5 }),
                { status: 200 },
              )
            : new Response(null, { status: 404 }),
        ),
    });
    const auth = await createTestAuth({ user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token-1' });
    await renderWithApp(<UnansweredMessagesCard />, { auth });
    expect(await screen.findByText('5')).toBeInTheDocument();
    expect(screen.getByTestId('unanswered-count')).toHaveTextContent('5');
    expect(screen.queryByText('3')).not.toBeInTheDocument();
    expect(screen.getByText('Unbeantwortete Nachrichten')).toBeInTheDocument();
    expect(screen.getByText('Unterhaltungen, in denen der Sponsor zuletzt geschrieben hat')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zu den Nachrichten' })).toHaveAttribute('href', '/chats/');
  });

  it('shows a pending mark while the count loads and a dash when it failed', async () => {
    let answer: (response: Response) => void = () => undefined;
    configureApiClient({
      baseUrl: '/api',
      getAccessToken: () => Promise.resolve('token-1'),
      fetch: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const auth = await createTestAuth({ user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token-1' });
    await renderWithApp(<UnansweredMessagesCard />, { auth });
    const value = await screen.findByTestId('unanswered-count');
    expect(value).toHaveTextContent('…');
    // Read out as loading, not as an ellipsis.
    expect(within(value).getByText('Wird geladen …')).toHaveClass('sr-only');
    answer(new Response(JSON.stringify({ message: 'kaputt' }), { status: 500 }));
    await vi.waitFor(() => expect(screen.getByTestId('unanswered-count')).toHaveTextContent('–'), { timeout: 10_000 });
  });
});
