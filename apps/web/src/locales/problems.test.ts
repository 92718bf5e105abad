// Every error code the API can send has a text in both languages, so the web app can show each
// through its translation (STYLE rule 7).
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@sp/shared';
import de from './de.json';
import en from './en.json';

const textAt = (texts: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);

describe('error code texts', () => {
  it.each(ERROR_CODES)('has a German and an English text for %s', (code) => {
    for (const texts of [de, en]) {
      const text = textAt(texts, `problems.${code}`);
      expect(typeof text === 'string' && text.trim().length > 0, `problems.${code}`).toBe(true);
    }
  });
});
