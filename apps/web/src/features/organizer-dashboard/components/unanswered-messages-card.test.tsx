import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { createTestAuth, renderWithApp } from '@/testing/render';
import { UnansweredMessagesCard } from './unanswered-messages-card';

describe('UnansweredMessagesCard', () => {
  it('shows the number of conversations with unread messages and links to the chats', async () => {
    configureApiClient({
      baseUrl: '/api',
      getAccessToken: () => Promise.resolve('token-1'),
      fetch: (input) =>
        Promise.resolve(
          String(input) === '/api/conversation/unread'
            ? new Response(JSON.stringify({ unread_messages: 7, unread_conversations: 3 }), { status: 200 })
            : new Response(null, { status: 404 }),
        ),
    });
    const auth = await createTestAuth({ user: { sub: 'u-1', email: 'anna@verein.de' }, accessToken: 'token-1' });
    await renderWithApp(<UnansweredMessagesCard />, { auth });
    expect(await screen.findByText('3')).toBeInTheDocument();
    expect(screen.getByText('Unbeantwortete Nachrichten')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zu den Nachrichten' })).toHaveAttribute('href', '/chats/');
  });
});
