// The conversation list's last message (decision 051): only what the list shows, a text as a
// preview of LAST_MESSAGE_PREVIEW_MAX characters, a notification whole; the conversation's own
// messages stay complete.
import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX, LAST_MESSAGE_PREVIEW_MAX } from '@sp/shared';
import { ENGINES } from '../../../test/helpers.ts';
import { uniqueEmail } from '../../identity/test-support.ts';
import { chatWorld } from './test-support.ts';
import { previewOf } from './wire.ts';

const LAST_MESSAGE_KEYS = ['from_me', 'id', 'is_read', 'message', 'sender_side', 'sent_at', 'type'];

describe('previewOf', () => {
  it('keeps a text up to the limit and cuts a longer one with an ellipsis', () => {
    expect(previewOf('kurz', 5)).toBe('kurz');
    expect(previewOf('fünf.', 5)).toBe('fünf.');
    expect(previewOf('sechs!', 5)).toBe('sechs…');
    // Spaces before the cut are not kept before the ellipsis.
    expect(previewOf('ab   cdef', 5)).toBe('ab…');
  });

  it('never cuts between the two halves of a character outside the BMP', () => {
    // '🎉' is two UTF-16 units; at 4 the cut would fall inside it.
    expect(previewOf('abc🎉de', 4)).toBe('abc…');
    expect(previewOf('abc🎉de', 5)).toBe('abc🎉…');
  });
});

describe.each(ENGINES)('the conversation list on %s', (engine) => {
  const world = chatWorld(engine);

  it("carries a text's preview without its author, while the conversation has the whole message", async () => {
    const { organiser, call } = world;
    const started = await call(
      'POST',
      `/api/conversation/${encodeURIComponent(uniqueEmail('preview'))}`,
      organiser.token,
    );
    const id = started.json().id as number;
    const long = `Ä${'Sponsoring '.repeat(CHAT_MESSAGE_MAX)}`.slice(0, CHAT_MESSAGE_MAX);
    expect((await call('POST', `/api/conversation/${id}/message`, organiser.token, { message: long })).statusCode).toBe(
      201,
    );

    const list = await call('GET', '/api/conversation', organiser.token);
    expect(list.statusCode).toBe(200);
    const row = (list.json() as { id: number; message: Record<string, unknown> }[]).find((c) => c.id === id)!;
    expect(Object.keys(row.message).sort()).toEqual(LAST_MESSAGE_KEYS);
    expect(row.message).toMatchObject({ type: 'text', sender_side: 'organisation', from_me: true, is_read: false });
    expect(row.message.message).toBe(`${long.slice(0, LAST_MESSAGE_PREVIEW_MAX).trimEnd()}…`);

    const page = await call('GET', `/api/conversation/${id}`, organiser.token);
    expect(page.json()).toEqual([
      expect.objectContaining({ conversation_id: id, sender_id: organiser.sub, message: long, from_me: true }),
    ]);
  });

  it("keeps a notification's body whole, for the guest's list too", async () => {
    const { call, organiser, inviteGuest, asGuest } = world;
    const guest = await inviteGuest();
    const guestList = await asGuest(guest.header, 'GET', '/api/token/conversation');
    const [row] = guestList.json() as { id: number; message: Record<string, unknown> }[];
    expect(Object.keys(row!.message).sort()).toEqual(LAST_MESSAGE_KEYS);
    expect(row!.message).toMatchObject({ type: 'notification', sender_side: 'system', from_me: false });
    expect(JSON.parse(String(row!.message.message))).toMatchObject({ key: 'invitation_sent' });

    const organiserRow = (
      (await call('GET', '/api/conversation', organiser.token)).json() as { id: number; message: unknown }[]
    ).find((c) => c.id === row!.id);
    expect(organiserRow?.message).toEqual(row!.message);
  });
});
