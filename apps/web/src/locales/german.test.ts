// The German UI speaks German (issue 21, point 2): no value of de.json is an English sentence. A
// value fails when it holds an English function word or one of the words of the spec's English
// messages; words German shares with English (Link, Token, Login, Dashboard, Team, in, an, was) are
// not on the list, and the names below may stand as they are.
import { describe, expect, it } from 'vitest';
import { informalAddress, PRODUCT_NAME } from '@sp/shared';
import de from './de.json';
import en from './en.json';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value]] : leaves(value, path);
  });
}

const ENGLISH_WORDS = new Set(
  `the and or but not no yes your you our we is are were be been has have had do does did would
  can could should must may please to of for with from by on at into about after before this that these those
  it its there here what which who when where why how all any some more most other than then too very just
  only again error errors failed failure invalid loading loaded copied successful success successfully
  fetch fetching updating update deleting delete user users profile expired required missing canceled
  cancelled share link copied invitation invite send sent sign signed logged authenticated finished
  registration verify verification check email password new save saved close back next open try`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that German uses too, and names; they count as German. */
const ALLOWED = new Set(['link', 'team', 'login', 'logout', 'dashboard', 'token', 'english']);

function englishWords(text: string): string[] {
  const words = text
    .replace(/\{\{\s*\w+\s*\}\}/g, ' ')
    .replace(/<\/?\w+>/g, ' ')
    .toLowerCase()
    .match(/[a-zäöüß]+(?:-[a-zäöüß]+)*/g);
  return (words ?? []).filter((word) => ENGLISH_WORDS.has(word) && !ALLOWED.has(word));
}

describe('de.json', () => {
  it('addresses the reader as "Sie", never "du" (issue 58, point 5)', () => {
    const informal = leaves(de)
      .map(([key, value]) => ({ key, value, words: informalAddress(value) }))
      .filter(({ words }) => words.length > 0)
      .map(({ key, value, words }) => `${key}: "${value}" (${words.join(', ')})`);
    expect(informal).toEqual([]);
  });

  it('names the product only through {{product}}, the shared setting, in both languages', () => {
    const literal = [...leaves(de), ...leaves(en)]
      .filter(([, value]) => Object.values(PRODUCT_NAME).some((name) => value.includes(name)))
      .map(([key]) => key);
    expect(literal).toEqual([]);
    expect(de.common.appName).toBe('{{product}}');
    expect(en.common.appName).toBe('{{product}}');
  });

  it('holds no English text', () => {
    const english = leaves(de)
      .map(([key, value]) => ({ key, value, words: englishWords(value) }))
      .filter(({ words }) => words.length > 0)
      .map(({ key, value, words }) => `${key}: "${value}" (${words.join(', ')})`);
    expect(english).toEqual([]);
  });

  it("keeps the spec's English texts as the English values, with a German text beside each", () => {
    const english = new Map(leaves(en));
    const german = new Map(leaves(de));
    const spec: Record<string, string> = {
      'auth.login.success': 'Login successful!',
      'auth.login.error': 'Login error: {{error}}',
      'auth.register.invalidCode': 'Invalid invitation code',
      'auth.register.success': 'Registration successful! Please check your email for verification.',
      'auth.register.failed': 'Registration failed: {{error}}',
      'onboarding.success': 'On Boarding finished!',
      'profile.loading': 'Loading...',
      'profile.loadError': 'Error: {{message}}',
      'team.invite.linkCopied': 'Link Copied',
      'invitations.notFound': 'Invitation link invalid or expired.',
      'invite.error.missingParams': 'Token and email are required',
      'events.errors.fetchList': 'Error fetching events: {{statusText}}',
      'events.errors.status.404': 'Not Found',
    };
    for (const [key, text] of Object.entries(spec)) {
      expect(english.get(key), key).toBe(text);
      expect(german.get(key), key).not.toBe(text);
    }
    expect(german.get('team.invite.linkCopied')).toBe('Link kopiert');
    expect(german.get('invitations.notFound')).toBe('Einladungslink ungültig oder abgelaufen.');
  });

  it('flags an English sentence and lets German ones with shared words pass', () => {
    expect(englishWords('Invitation link invalid or expired.')).toEqual(['invitation', 'invalid', 'or', 'expired']);
    expect(englishWords('Loading...')).toEqual(['loading']);
    expect(englishWords('Link kopiert')).toEqual([]);
    expect(englishWords('Legen Sie Ihr erstes Event an, was es kostet, steht in {{email}}.')).toEqual([]);
  });
});
