// The pictures of the real screens on the landing and about pages (decision 073): made by
// `npm run screenshots` from a seeded world, one per screen and language, committed as WebP and
// recorded in scripts/screenshots.lock.json (screens.test.ts holds the two together).
import type { Language } from '@sp/shared';

export const SCREENS = {
  packages: { width: 960, height: 600 },
  sponsors: { width: 960, height: 600 },
  fulfilment: { width: 960, height: 600 },
  invoices: { width: 960, height: 600 },
  wall: { width: 960, height: 600 },
  'sponsor-phone': { width: 375, height: 740 },
} as const;

export type ScreenName = keyof typeof SCREENS;

// Bundled by Vite: each file gets a hashed URL, so a new picture is never a stale cached one.
const FILES = import.meta.glob<string>('../../../assets/screenshots/*.webp', {
  eager: true,
  query: '?url',
  import: 'default',
});

export function screenFile(name: ScreenName, language: Language): string {
  return `${name}-${language}.webp`;
}

export function screenUrl(name: ScreenName, language: Language): string {
  const url = FILES[`../../../assets/screenshots/${screenFile(name, language)}`];
  if (!url) throw new Error(`No screenshot ${screenFile(name, language)}: run npm run screenshots`);
  return url;
}
