import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_MESSAGE_MAX } from '@sp/shared';
import { createTestAuth, renderWithApp } from '@/testing/render';
import {
  GUEST,
  USER,
  conversationWire,
  installFakeChatApi,
  messageWire,
  type FakeChatApi,
} from '../testing/fake-chat-api';
import { ChatScreen } from './chat-screen';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

let api: FakeChatApi;

function Harness({ guest = false, initial }: { guest?: boolean; initial?: number }) {
  const [conversationId, setConversationId] = useState<number | undefined>(initial);
  return (
    <ChatScreen
      token={guest ? GUEST.token : undefined}
      email={guest ? GUEST.email : undefined}
      conversationId={conversationId}
      onSelectConversation={setConversationId}
      redirectPath="/chats/"
    />
  );
}

function setWidth(wide: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: wide,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
}

async function open({ guest = false, initial }: { guest?: boolean; initial?: number } = {}) {
  const user = userEvent.setup();
  const auth = await createTestAuth(guest ? null : USER);
  const rendered = await renderWithApp(<Harness guest={guest} initial={initial} />, { auth, path: '/chats/' });
  return { user, ...rendered };
}

beforeEach(() => {
  vi.clearAllMocks();
  setWidth(true);
  api = installFakeChatApi({
    conversations: [
      conversationWire({
        id: 1,
        other_name: 'sponsor@firma.de',
        message: messageWire({ id: 3, message: 'Passt das so?' }),
        unread_count: 2,
      }),
      conversationWire({
        id: 2,
        other_name: 'Bäckerei Korn',
        message: messageWire({ id: 2, conversation_id: 2, from_me: true, is_read: true, message: 'Danke!' }),
      }),
    ],
    messages: {
      1: [
        messageWire({
          id: 1,
          type: 'notification',
          sender: 'System',
          sender_side: 'system',
          message: '{"key":"invitation_sent","params":{"event":"Sommerfest"}}',
        }),
        messageWire({
          id: 2,
          from_me: true,
          sender: 'Sportverein',
          sender_side: 'organisation',
          message: 'Willkommen!',
        }),
        messageWire({ id: 3, message: '<b>Passt</b> das so?' }),
        messageWire({ id: 4, type: 'notification', sender_side: 'system', message: 'kein JSON' }),
      ],
      2: [],
    },
  });
});

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('ChatScreen', () => {
  it('lists the conversations with the unread count and filters them by name', async () => {
    const { user } = await open();
    const list = await screen.findByRole('region', { name: 'Unterhaltungen' });
    const first = await within(list).findByRole('button', { name: /sponsor@firma.de/ });
    expect(first).toHaveTextContent('2 ungelesene Nachrichten');
    expect(within(list).getByRole('button', { name: /Bäckerei Korn/ })).toHaveTextContent('Sie: Danke!');
    expect(within(list).getByRole('button', { name: /Bäckerei Korn/ })).not.toHaveTextContent('ungelesen');

    await user.type(screen.getByRole('searchbox', { name: 'Unterhaltungen durchsuchen' }), 'bäck');
    await waitFor(() =>
      expect(within(list).queryByRole('button', { name: /sponsor@firma.de/ })).not.toBeInTheDocument(),
    );
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'niemand');
    expect(await screen.findByText('Keine Unterhaltung passt zu „niemand“.')).toBeInTheDocument();
  });

  it('shows the messages oldest first, ours right, notifications centred and translated, text never as HTML', async () => {
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: /sponsor@firma.de/ }));
    const log = await screen.findByRole('log', { name: 'Nachrichten mit sponsor@firma.de' });
    const items = await within(log).findAllByRole('listitem');
    expect(items.map((item) => item.dataset.kind)).toEqual(['notification', 'own', 'other', 'notification']);
    expect(items[0]).toHaveTextContent('Einladung zum Sponsoring von „Sommerfest“ versendet');
    expect(items[0]).toHaveClass('justify-center');
    expect(items[1]).toHaveClass('items-end');
    expect(items[2]).toHaveClass('items-start');
    expect(items[2]).toHaveTextContent('<b>Passt</b> das so?');
    expect(items[2]?.querySelector('b')).toBeNull();
    expect(items[2]).toHaveTextContent('05.03.2025');
    expect(items[3]).toHaveTextContent('kein JSON');
    expect(screen.getByRole('textbox', { name: 'Nachricht' })).toHaveFocus();
    // Reading the conversation clears its badge.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /sponsor@firma.de/ })).not.toHaveTextContent('ungelesen'),
    );
  });

  it('shows the newest page of a long conversation and loads older messages on request', async () => {
    const history = Array.from({ length: 60 }, (_, i) =>
      messageWire({ id: 100 + i, conversation_id: 2, message: `Nachricht ${i + 1}` }),
    );
    api.messages.set(2, history);
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: /Bäckerei Korn/ }));
    const log = await screen.findByRole('log', { name: 'Nachrichten mit Bäckerei Korn' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(50));
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('Nachricht 11');
    expect(within(log).queryByText('Anfang der Unterhaltung')).toBeNull();

    await user.click(within(log).getByRole('button', { name: 'Ältere Nachrichten laden' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(60));
    const items = within(log).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Nachricht 1');
    expect(items.at(-1)).toHaveTextContent('Nachricht 60');
    expect(within(log).getByText('Anfang der Unterhaltung')).toBeInTheDocument();
    expect(within(log).queryByRole('button', { name: 'Ältere Nachrichten laden' })).toBeNull();
    expect(api.calls.filter((c) => c.path.startsWith('/api/conversation/2')).map((c) => c.path)).toEqual([
      '/api/conversation/2',
      '/api/conversation/2?before=110',
    ]);
  });

  it('says so and keeps the loaded messages when older ones cannot be loaded', async () => {
    api.messages.set(
      2,
      Array.from({ length: 55 }, (_, i) =>
        messageWire({ id: 100 + i, conversation_id: 2, message: `Nachricht ${i + 1}` }),
      ),
    );
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: /Bäckerei Korn/ }));
    const log = await screen.findByRole('log', { name: 'Nachrichten mit Bäckerei Korn' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(50));
    api.override = (call) =>
      call.path.includes('before=')
        ? new Response(JSON.stringify({ code: 'server.internal', detail: 'boom' }), { status: 500 })
        : undefined;
    await user.click(within(log).getByRole('button', { name: 'Ältere Nachrichten laden' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        expect.stringContaining('Ältere Nachrichten konnten nicht geladen werden'),
      ),
    );
    expect(within(log).getAllByRole('listitem')).toHaveLength(50);
    expect(within(log).getByRole('button', { name: 'Ältere Nachrichten laden' })).toBeEnabled();
  });

  it('sends with Enter at once (optimistically), keeps Shift+Enter as a new line and never sends blank text', async () => {
    let release: () => void = () => undefined;
    api.override = (call) =>
      call.method === 'POST'
        ? new Promise<undefined>((resolve) => {
            release = () => resolve(undefined);
          })
        : undefined;
    const { user } = await open({ initial: 1 });
    const box = await screen.findByRole('textbox', { name: 'Nachricht' });
    await waitFor(() => expect(box).toHaveFocus());

    await user.type(box, '   {Enter}');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    expect(screen.getByRole('button', { name: 'Senden' })).toBeDisabled();

    await user.clear(box);
    await user.type(box, 'Erste Zeile{Shift>}{Enter}{/Shift}zweite Zeile');
    expect(box).toHaveValue('Erste Zeile\nzweite Zeile');
    expect(screen.getByText(`24 / ${CHAT_MESSAGE_MAX} Zeichen`)).toBeInTheDocument();
    await user.keyboard('{Enter}');

    const log = screen.getByRole('log');
    const pending = await within(log).findByText(/Erste Zeile/);
    expect(within(pending.closest('li')!).getByText('Wird gesendet …')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/api/conversation/1/message',
        body: { message: 'Erste Zeile\nzweite Zeile', type: 'text' },
      }),
    ]);

    await act(async () => release());
    await waitFor(() => expect(within(log).queryByText('Wird gesendet …')).not.toBeInTheDocument());
    expect(within(log).getAllByText(/Erste Zeile/)).toHaveLength(1);
  });

  it('takes a failed message out again, says so and gives the text back', async () => {
    api.override = (call) =>
      call.method === 'POST'
        ? new Response(JSON.stringify({ code: 'request.invalid', detail: 'Nachricht zu lang' }), { status: 400 })
        : undefined;
    const { user } = await open({ initial: 1 });
    const box = await screen.findByRole('textbox', { name: 'Nachricht' });
    await user.type(box, 'Geht nicht{Enter}');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Die Nachricht konnte nicht gesendet werden: Die Anfrage war ungültig.'),
    );
    expect(within(screen.getByRole('log')).queryByText('Geht nicht')).not.toBeInTheDocument();
    expect(box).toHaveValue('Geht nicht');
  });

  it('says a conversation cannot be opened and offers no send box for it', async () => {
    api.override = (call) =>
      call.path.startsWith('/api/conversation/9')
        ? new Response(JSON.stringify({ code: 'conversation.not-found', detail: 'Conversation not found' }), {
            status: 404,
          })
        : undefined;
    await open({ initial: 9 });
    expect(
      await screen.findByText('Diese Unterhaltung gibt es nicht oder Sie haben keinen Zugriff darauf.'),
    ).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Nachricht' });
    expect(box).toBeDisabled();
    expect(box).toHaveAttribute('placeholder', 'In diese Unterhaltung können Sie nicht schreiben.');
    expect(screen.getByRole('button', { name: 'Senden' })).toBeDisabled();
  });

  it('limits a message to the maximum length', async () => {
    await open({ initial: 2 });
    const box = await screen.findByRole('textbox', { name: 'Nachricht' });
    expect(box).toHaveAttribute('maxLength', String(CHAT_MESSAGE_MAX));
  });

  it('has no send box to use and no new-conversation button without a selection; guests never get that button', async () => {
    await open();
    expect(await screen.findByRole('textbox', { name: 'Nachricht' })).toBeDisabled();
    expect(screen.getByText('Keine Unterhaltung ausgewählt')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Neue Unterhaltung' })).toBeInTheDocument();
  });

  it('uses the guest endpoints with token:email and offers no new conversation to a guest', async () => {
    await open({ guest: true });
    expect(await screen.findByRole('button', { name: /sponsor@firma.de/ })).toBeInTheDocument();
    expect(screen.getByText('Sie schreiben als sponsor@firma.de.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Neue Unterhaltung' })).not.toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ path: '/api/token/conversation', authorization: 'tok-1:sponsor@firma.de' });
  });

  it('starts a conversation by e-mail in a dialog that Escape closes', async () => {
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Neue Unterhaltung' }));
    let dialog = await screen.findByRole('dialog', { name: 'Unterhaltung beginnen' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Neue Unterhaltung' }));
    dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('E-Mail-Adresse'), 'kein-at.de');
    await user.click(within(dialog).getByRole('button', { name: 'Unterhaltung beginnen' }));
    expect(await within(dialog).findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('E-Mail-Adresse'));
    await user.type(within(dialog).getByLabelText('E-Mail-Adresse'), 'neu@firma.de');
    await user.click(within(dialog).getByRole('button', { name: 'Unterhaltung beginnen' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await screen.findByRole('log', { name: 'Nachrichten mit neu@firma.de' })).toBeInTheDocument();
    expect(api.calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/api/conversation/neu%40firma.de' }),
    );
  });

  it('shows one pane at a time on a narrow screen, with a back button', async () => {
    setWidth(false);
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: /Bäckerei Korn/ }));
    expect(await screen.findByText('Noch keine Nachrichten. Schreiben Sie die erste!')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Unterhaltungen' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zurück zu den Unterhaltungen' }));
    expect(await screen.findByRole('region', { name: 'Unterhaltungen' })).toBeInTheDocument();
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
  });

  it('shows an empty list', async () => {
    api.conversations = [];
    await open();
    expect(await screen.findByText('Noch keine Unterhaltungen')).toBeInTheDocument();
  });

  it("shows 'Error: …' when the list cannot be loaded", async () => {
    api.override = () =>
      new Response(JSON.stringify({ code: 'request.forbidden', detail: 'Forbidden' }), { status: 403 });
    await open();
    expect(await screen.findByText('Fehler: Dazu fehlt Ihnen die Berechtigung.')).toBeInTheDocument();
  });

  it("says 'Not authenticated' and links to the login without a session or guest link", async () => {
    await renderWithApp(<Harness />, { auth: await createTestAuth(null), path: '/chats/' });
    expect(await screen.findByRole('heading', { name: 'Nicht angemeldet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/login\/\?redirect=.*chats/),
    );
    expect(api.calls).toEqual([]);
  });
});
