// English text on a German screen (issue 21, point 2). Two nets: every text of en.json that differs
// from its German counterpart (its longest literal part of two words or more, placeholders left out),
// and English function words, which also catch a server's or a browser's raw English message. It reads
// what a person meets: the visible text, accessible names, placeholders, the title and the meta description.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

type Tree = { [key: string]: string | Tree };
const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/locales');
const read = (language: string) => JSON.parse(fs.readFileSync(path.join(locales, `${language}.json`), 'utf8')) as Tree;

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(at, value);
    else for (const [k, v] of leaves(value, at)) out.set(k, v);
  }
  return out;
}

const german = leaves(read('de'));
const ENGLISH_FRAGMENTS = [...leaves(read('en'))]
  .filter(([key, text]) => german.get(key) !== text)
  .map(
    ([, text]) =>
      text
        .split(/\{\{\s*[\w.]+\s*\}\}|<\/?\w+>/)
        .map((part) => part.trim())
        .sort((a, b) => b.length - a.length)[0] ?? '',
  )
  .filter((fragment) => fragment.split(/\s+/).length >= 2);

const ENGLISH_WORDS =
  /\b(the|and|your|you|please|with|error|failed|invalid|loading|successful|copied|could|not|fetching|required|expired|close|toast)\b/i;

async function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[aria-label], [placeholder], [title], [alt]')].flatMap((el) =>
      ['aria-label', 'placeholder', 'title', 'alt'].map((name) => el.getAttribute(name) ?? ''),
    );
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    return [document.body.innerText, document.title, description, ...attributes].filter(Boolean);
  });
}

/** The English sentences and words found on the page as it is now. */
export async function englishOn(page: Page): Promise<string[]> {
  const found = new Set<string>();
  for (const text of await textsOf(page)) {
    for (const fragment of ENGLISH_FRAGMENTS) if (text.includes(fragment)) found.add(fragment);
    for (const line of text.split('\n')) {
      const word = ENGLISH_WORDS.exec(line.replace(/\S+@\S+/g, ''));
      if (word) found.add(`${word[0]} in "${line.trim()}"`);
    }
  }
  return [...found];
}

/** Checks softly that the screen shows no English; the test fails at its end with every finding. */
export async function expectNoEnglish(page: Page, screen: string): Promise<void> {
  expect.soft(await englishOn(page), screen).toEqual([]);
}
