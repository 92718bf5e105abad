import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const german = leaves(de);
const english = leaves(en);

describe('locale files', () => {
  it('have exactly the same keys', () => {
    expect([...english.keys()].sort()).toEqual([...german.keys()].sort());
  });

  it('have no empty texts', () => {
    for (const [key, value] of [...german, ...english]) {
      expect(value.trim(), key).not.toBe('');
    }
  });

  it('use the same interpolation placeholders in both languages', () => {
    for (const [key, value] of german) {
      expect(placeholders(english.get(key) ?? ''), key).toEqual(placeholders(value));
    }
  });

  it('keep the spec texts as German values', () => {
    expect(german.get('common.error.invalidEmail')).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(english.get('common.error.invalidEmail')).toBe('Please enter a valid e-mail address.');
    expect(german.get('auth.logoutSuccess')).toBe('Erfolgreich Logout!!');
    expect(german.get('nav.messages')).toBe('Nachrichten');
    expect(german.get('roles.beides')).toBe('Sponsor & Veranstalter');
  });
});
