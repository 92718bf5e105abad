// The committed pictures of the real screens match scripts/screenshots.lock.json, and every screen
// the pages show is there in both languages: a stale, edited or missing picture fails here, without
// taking any screenshot (that is `npm run screenshots`, decision 073).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@sp/shared';
import { SCREENS, screenFile, screenUrl, type ScreenName } from './screens';

const ROOT = path.resolve(__dirname, '../../../../../..');
const DIR = path.join(ROOT, 'apps/web/src/assets/screenshots');
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'scripts/screenshots.lock.json'), 'utf8')) as Record<
  string,
  string
>;
const expected = (Object.keys(SCREENS) as ScreenName[]).flatMap((name) =>
  LANGUAGES.map((language) => screenFile(name, language)),
);

/** The picture's width and height from its header: VP8X (what Chromium writes) or plain lossy VP8. */
function webpSize(bytes: Buffer): [number, number] {
  const chunk = bytes.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8X') return [bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1];
  if (chunk === 'VP8 ') return [bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff];
  throw new Error(`Unexpected WebP chunk ${chunk}`);
}

describe('screenshots of the front door', () => {
  it('has exactly the screens the pages show, in both languages, in the lock and on disk', () => {
    expect(Object.keys(lock).sort()).toEqual([...expected].sort());
    expect(fs.readdirSync(DIR).sort()).toEqual([...expected].sort());
  });

  it.each(expected)('%s is the picture the lock recorded, small and WebP of its size', (file) => {
    const bytes = fs.readFileSync(path.join(DIR, file));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(lock[file]);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(bytes.length).toBeLessThan(80 * 1024);
    const name = file.replace(/-(de|en)\.webp$/, '') as ScreenName;
    expect(webpSize(bytes)).toEqual([SCREENS[name].width, SCREENS[name].height]);
  });

  it('gives each screen a bundled URL', () => {
    for (const file of expected) {
      const [name, language] = [file.replace(/-(de|en)\.webp$/, '') as ScreenName, file.slice(-7, -5) as 'de' | 'en'];
      expect(screenUrl(name, language)).toMatch(/\.webp/);
    }
  });
});
