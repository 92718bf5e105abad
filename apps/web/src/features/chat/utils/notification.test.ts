import { describe, expect, it } from 'vitest';
import { parseNotification } from './notification';

describe('parseNotification', () => {
  it('reads the key and parameters of a notification body', () => {
    expect(parseNotification('{"key":"signed_uploaded","params":{"event":"Sommerfest"}}')).toEqual({
      key: 'signed_uploaded',
      params: { event: 'Sommerfest' },
    });
    expect(parseNotification('{"key":"agreement_downloaded"}')).toEqual({ key: 'agreement_downloaded', params: {} });
  });

  it('returns null for text that is not a known notification', () => {
    expect(parseNotification('Einladung versendet')).toBeNull();
    expect(parseNotification('{"key":"unknown"}')).toBeNull();
    expect(parseNotification('42')).toBeNull();
  });
});
