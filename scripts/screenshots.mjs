// `npm run screenshots`: the landing and about pages' pictures of the real screens (decision 073).
// Lets e2e/screenshots/front-door.shots.ts seed a world per language on a production server (started,
// and the web app built, as `npm start` does, on a temporary data directory) and take the screens as WebP into apps/web/src/assets/screenshots/,
// then records their SHA-256 in scripts/screenshots.lock.json, which a unit test compares with the
// committed files. Port: SCREENSHOTS_PORT (default 3390).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'apps/web/src/assets/screenshots');
const lockFile = path.join(root, 'scripts/screenshots.lock.json');
const run = (command, args, env = {}) =>
  execFileSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

fs.rmSync(dir, { recursive: true, force: true });
run('npx', ['playwright', 'test', '-c', 'e2e/screenshots/playwright.config.ts'], {
  E2E_PORT: process.env.SCREENSHOTS_PORT ?? '3390',
});

const files = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.webp'))
  .sort();
const lock = Object.fromEntries(
  files.map((name) => [
    name,
    createHash('sha256')
      .update(fs.readFileSync(path.join(dir, name)))
      .digest('hex'),
  ]),
);
fs.writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
for (const name of files) console.log(`${name}: ${Math.round(fs.statSync(path.join(dir, name)).size / 1024)} KB`);
