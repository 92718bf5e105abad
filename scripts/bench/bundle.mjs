// What a page of the built web app loads, read from the build itself (apps/web/dist and Vite's
// manifest), without a browser: the entry script with its static imports (what index.html loads
// and preloads), plus the code-split chunks of the routes the URL matches and the boot-time dynamic
// imports that page triggers, each with its static imports. Sizes are gzip level 9, as the server
// sends the precompressed files. Used by the bundle-size budget in `npm test` and by `npm run bench`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = path.join(root, 'apps/web/dist');

export const BUDGETS = {
  /** JS loaded by /login/, gzip (issue 9). */
  loginJsGzip: 150_000,
  /** Any one route chunk, gzip (issue 9). */
  routeChunkGzip: 100_000,
};

/**
 * The pages the budget looks at. `routes` are the route files the URL matches (TanStack Router's
 * file routes; the root route is in the entry chunk); `boot` are modules the app imports
 * dynamically while starting on that page. A stored session with valid tokens does not load the
 * Cognito client (src/lib/auth/stored-session.ts); expired tokens would load it to refresh them.
 */
export const PAGES = {
  login: { url: '/login/', routes: ['src/routes/login/index.tsx'], boot: [] },
  organiserDashboard: {
    url: '/dashboard/organizer/',
    routes: [
      'src/routes/_authenticated.tsx',
      'src/routes/_authenticated/_organiser.tsx',
      'src/routes/_authenticated/_organiser/dashboard/organizer/route.tsx',
      'src/routes/_authenticated/_organiser/dashboard/organizer/index.tsx',
    ],
    // What a stored session with valid tokens loads: the profile schema, the query client, all
    // German texts (also in PAGE_PRELOADS, vite-plugins/page-html.ts), and the header's live connection once
    // the browser is idle.
    boot: [
      'src/lib/profile/user-profile-schema.ts',
      'src/lib/query-client.ts',
      'src/locales/de.json',
      'src/components/layout/session-watcher.tsx',
    ],
  },
};

/** The parts of a route the router loads to show it; error and not-found parts load only on failure. */
const SHOWN_SPLITS = ['component', 'loader'];

const sizeCache = new Map();
export function gzipSize(file, dist = DIST) {
  const full = path.join(dist, file);
  if (!sizeCache.has(full)) {
    const data = fs.readFileSync(full);
    sizeCache.set(full, { raw: data.length, gzip: zlib.gzipSync(data, { level: 9 }).length });
  }
  return sizeCache.get(full);
}

export function readManifest(dist = DIST) {
  const file = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(file))
    throw new Error(`${path.relative(root, file)} is missing: build the web app (npm run build)`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Manifest keys of a route file's code-split parts that are loaded to show it. */
function routeKeys(manifest, routeFile) {
  const keys = Object.keys(manifest).filter((key) => {
    const [src, query] = key.split('?');
    if (src !== routeFile) return false;
    const split = new URLSearchParams(query ?? '').get('tsr-split');
    return split === null
      ? manifest[key].isDynamicEntry === true
      : split.split('---').some((s) => SHOWN_SPLITS.includes(s));
  });
  return keys;
}

/** The files (JS and CSS) loaded by `keys` and their static imports, in load order. */
function closure(manifest, keys) {
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const sheet of chunk.css ?? []) css.add(sheet);
  };
  keys.forEach(visit);
  return { js: [...js], css: [...css] };
}

function sum(files, dist) {
  return files.reduce(
    (total, file) => {
      const size = gzipSize(file, dist);
      return { raw: total.raw + size.raw, gzip: total.gzip + size.gzip };
    },
    { raw: 0, gzip: 0 },
  );
}

/** What `page` loads: files and totals for JS and CSS, split into the entry and what the route adds. */
export function pageLoad(page, { dist = DIST, manifest = readManifest(dist) } = {}) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const entry = closure(manifest, [entryKey]);
  const routeKeyList = page.routes.flatMap((route) => routeKeys(manifest, route));
  // A route without split parts lives in the entry chunk; a route file that is gone means PAGES is stale.
  for (const route of page.routes) {
    if (!fs.existsSync(path.join(root, 'apps/web', route)))
      throw new Error(`${route} does not exist: update PAGES in scripts/bench/bundle.mjs`);
  }
  const bootKeys = page.boot.map((module) => {
    if (!manifest[module])
      throw new Error(`${module} is not a chunk of the build: update PAGES in scripts/bench/bundle.mjs`);
    return module;
  });
  const all = closure(manifest, [entryKey, ...routeKeyList, ...bootKeys]);
  const added = all.js.filter((file) => !entry.js.includes(file));
  return {
    url: page.url,
    js: { files: all.js, ...sum(all.js, dist) },
    css: { files: all.css, ...sum(all.css, dist) },
    entryJs: { files: entry.js, ...sum(entry.js, dist) },
    routeJs: { files: added, ...sum(added, dist) },
  };
}

/** Every code-split route chunk of the build (the file itself), largest first. */
export function routeChunks({ dist = DIST, manifest = readManifest(dist) } = {}) {
  return Object.entries(manifest)
    .filter(([key, chunk]) => key.includes('tsr-split=') && chunk.file.endsWith('.js'))
    .map(([key, chunk]) => ({ route: key, file: chunk.file, ...gzipSize(chunk.file, dist) }))
    .sort((a, b) => b.gzip - a.gzip);
}

/** The largest JS files of a page, for a report that says where the bytes are. */
export function largestFiles(files, count = 8, dist = DIST) {
  return files
    .map((file) => ({ file, ...gzipSize(file, dist) }))
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, count);
}

export const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
