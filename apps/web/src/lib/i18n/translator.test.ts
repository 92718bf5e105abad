import { describe, expect, it, vi } from 'vitest';
import de from '@/locales/de.json';
import en from '@/locales/en.json';
import { createTranslator, interpolate, type Texts } from './translator';

function create() {
  const translator = createTranslator<'de' | 'en'>('de', de);
  translator.addTexts('en', en);
  return translator;
}

function leaves(tree: Texts, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

describe('interpolate', () => {
  it('replaces placeholders with the values as they are, without escaping', () => {
    expect(interpolate('An {{email}} ({{ count }})', { email: '<a&b>@example.org', count: 3 })).toBe(
      'An <a&b>@example.org (3)',
    );
  });

  it('keeps a placeholder without a value and writes null or undefined as nothing', () => {
    expect(interpolate('{{a}}-{{b}}-{{c}}', { b: null, c: undefined })).toBe('{{a}}--');
  });

  it('does not read inserted values again', () => {
    expect(interpolate('{{a}} {{b}}', { a: '{{b}}', b: 'x' })).toBe('{{b}} x');
  });
});

describe('createTranslator', () => {
  it('interpolates a text of the current language', () => {
    const translator = create();
    expect(translator.t('auth.codeSent', { email: 'ada@example.org' })).toBe(
      'Ein neuer Code ist unterwegs an ada@example.org.',
    );
    translator.setLanguage('en');
    expect(translator.t('nav.signedInAs', { email: 'ada@example.org' })).toBe('Signed in as ada@example.org');
  });

  it('picks the plural form by count in German and in English', () => {
    const translator = create();
    expect(translator.t('nav.messagesUnread', { count: 1 })).toBe('Nachrichten, 1 ungelesene Nachricht');
    expect(translator.t('nav.messagesUnread', { count: 0 })).toBe('Nachrichten, 0 ungelesene Nachrichten');
    expect(translator.t('events.list.shown', { count: 2, total: 5 })).toBe('2 von 5 Events');
    translator.setLanguage('en');
    expect(translator.t('nav.messagesUnread', { count: 1 })).toBe('Messages, 1 unread message');
    expect(translator.t('nav.messagesUnread', { count: 7 })).toBe('Messages, 7 unread messages');
    expect(translator.t('events.list.sponsors', { count: 1 })).toBe('1 sponsor');
  });

  it('uses the key itself when a count is given but the text has no plural forms', () => {
    const translator = create();
    expect(translator.t('alerts.kind.sponsorship_confirmed', { count: 2, event: 'Sommerfest' })).toBe(
      'Ihr Sponsoring für „Sommerfest“ wurde bestätigt',
    );
    expect(translator.t('alerts.kind.new_message', { count: 3, from: 'Ada' })).toBe('3 neue Nachrichten von Ada');
  });

  it('prefers a _zero form for 0 when there is one', () => {
    const translator = createTranslator('de', {
      n: { items_zero: 'keine', items_one: 'eins', items_other: '{{count}}' },
    });
    expect(translator.t('n.items', { count: 0 })).toBe('keine');
    expect(translator.t('n.items', { count: 1 })).toBe('eins');
    expect(translator.t('n.items', { count: 5 })).toBe('5');
  });

  it('falls back to German, then to the key', () => {
    const translator = createTranslator<'de' | 'en'>('de', { a: { both: 'Beide', onlyGerman: 'Nur {{x}}' } });
    translator.addTexts('en', { a: { both: 'Both' } });
    translator.setLanguage('en');
    expect(translator.t('a.both')).toBe('Both');
    expect(translator.t('a.onlyGerman', { x: 'Deutsch' })).toBe('Nur Deutsch');
    expect(translator.t('a.missing')).toBe('a.missing');
    expect(translator.t('a')).toBe('a');
    expect(translator.t('a.both.deeper')).toBe('a.both.deeper');
    expect(translator.t('toString')).toBe('toString');
  });

  it("fills a language's constants into every text, a caller's own value first", () => {
    const translator = createTranslator<'de' | 'en'>(
      'de',
      { app: '{{product}}', share: 'Einladung zur {{product}} von {{who}}' },
      { de: { product: 'Sponsoring-Plattform' }, en: { product: 'Sponsoring Platform' } },
    );
    translator.addTexts('en', { app: '{{product}}' });
    expect(translator.t('app')).toBe('Sponsoring-Plattform');
    expect(translator.t('share', { who: 'Ada' })).toBe('Einladung zur Sponsoring-Plattform von Ada');
    expect(translator.t('app', { product: 'X' })).toBe('X');
    translator.setLanguage('en');
    expect(translator.t('app')).toBe('Sponsoring Platform');
  });

  it('says whether a key has a text in the current or the fallback language', () => {
    const translator = createTranslator<'de' | 'en'>('de', { a: { german: 'x' } });
    translator.addTexts('en', { a: { english: 'y' } });
    translator.setLanguage('en');
    expect(translator.exists('a.german')).toBe(true);
    expect(translator.exists('a.english')).toBe(true);
    expect(translator.exists('a.other')).toBe(false);
    expect(translator.exists('Invalid input: expected string')).toBe(false);
  });

  it('merges texts that arrive later and tells its subscribers', () => {
    const translator = createTranslator<'de' | 'en'>('de', { auth: { login: { title: 'Anmelden' } } });
    const listener = vi.fn();
    const unsubscribe = translator.subscribe(listener);
    const before = translator.getState();
    expect(translator.t('auth.register.title')).toBe('auth.register.title');

    translator.addTexts('de', { auth: { register: { title: 'Registrieren' } } });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(translator.getState()).not.toBe(before);
    expect(translator.t('auth.register.title')).toBe('Registrieren');
    expect(translator.t('auth.login.title')).toBe('Anmelden');

    translator.setLanguage('de');
    expect(listener).toHaveBeenCalledTimes(1);
    translator.setLanguage('en');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(translator.language).toBe('en');
    unsubscribe();
    translator.setLanguage('de');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps the same state, and so the same t, while nothing changes', () => {
    const translator = create();
    expect(translator.getState()).toBe(translator.getState());
    expect(translator.getState().t).toBe(translator.t);
  });
});

describe('the locale files', () => {
  const texts = [...leaves(de), ...leaves(en)];

  it('use only what the translator supports: plain placeholders, no nesting, no formats', () => {
    for (const [key, text] of texts) {
      expect(text, key).not.toMatch(/\$t\(/);
      for (const [placeholder] of text.matchAll(/\{\{[^}]*\}\}/g)) expect(placeholder, key).toMatch(/^\{\{\w+\}\}$/);
    }
  });

  it('have both the _one and the _other form of every plural text', () => {
    const keys = new Set(texts.map(([key]) => key));
    for (const key of keys) {
      const plural = /^(.*)_(one|other)$/.exec(key);
      if (plural) expect(keys.has(`${plural[1]}_${plural[2] === 'one' ? 'other' : 'one'}`), key).toBe(true);
    }
  });
});
