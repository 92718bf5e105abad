import { describe, expect, it } from 'vitest';
import { mergeMessage } from './cache';
import type { Message } from './conversations';

const message = (id: number, overrides: Partial<Message> = {}): Message => ({
  id,
  conversationId: 1,
  senderId: null,
  sender: 'Sportverein',
  senderSide: 'organisation',
  message: `m${id}`,
  type: 'text',
  sentAt: '2025-03-05T13:07:00.000Z',
  isRead: false,
  fromMe: false,
  ...overrides,
});

describe('mergeMessage', () => {
  it('adds a message once, in id order, before the ones still being sent', () => {
    const sending = message(-1, { fromMe: true, message: 'unterwegs' });
    const merged = mergeMessage([message(1), message(3), sending], message(2));
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, -1]);
    expect(mergeMessage(merged, message(2))).toBe(merged);
  });

  it("replaces our temporary copy by the server's, whether the answer or the stream comes first", () => {
    const temporary = message(-5, { fromMe: true, message: 'Hallo' });
    const sent = message(9, { fromMe: true, message: 'Hallo' });
    const fromStream = mergeMessage([message(1), temporary], sent);
    expect(fromStream.map((m) => m.id)).toEqual([1, 9]);
    expect(mergeMessage(fromStream, sent, -5).map((m) => m.id)).toEqual([1, 9]);
    expect(mergeMessage([message(1), temporary], sent, -5).map((m) => m.id)).toEqual([1, 9]);
  });

  it("leaves another person's message with the same text next to our temporary copy", () => {
    const temporary = message(-5, { fromMe: true, message: 'Ja' });
    expect(mergeMessage([temporary], message(9, { message: 'Ja' })).map((m) => m.id)).toEqual([9, -5]);
  });
});
