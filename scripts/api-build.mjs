// Builds the API server into apps/api/dist when its sources are newer than the last build (or there
// is none), so `npm start` runs plain JavaScript with node: compiling the TypeScript at every start
// (tsx) took most of the start time and kept a loader thread with esbuild in memory (decision 007).
// Our code and @sp/shared are bundled; packages from node_modules stay external imports, loaded from
// node_modules as before. Code split, so the S3 adapter (and the AWS SDK) still loads only when used.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'apps/api/dist');
export const apiEntry = path.join(outdir, 'server.js');
/**
 * V8 heap settings the server runs with (decision 031): Node 24 lets the young generation grow to
 * 64 MB semi-spaces and the old one to about four times what is live before a full collection, so
 * under load the process held 300-480 MB for 45-50 MB of live objects. With these it holds about
 * 180-200 MB at the same throughput. deploy/Dockerfile's CMD names the same flags (a test checks).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=50'];
const stamp = path.join(outdir, '.build-stamp');
const SOURCES = [
  'apps/api/src',
  'apps/api/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'scripts/api-build.mjs',
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function apiBuildIsStale() {
  if (!fs.existsSync(stamp) || !fs.existsSync(apiEntry)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

/** Packages from node_modules stay external; workspace packages (TypeScript sources, @sp/*) are bundled. */
function externalPackages() {
  const names = new Set();
  for (const file of ['apps/api/package.json', 'packages/shared/package.json']) {
    const json = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
    for (const deps of [json.dependencies, json.devDependencies])
      for (const name of Object.keys(deps ?? {})) names.add(name);
  }
  return [...names].filter((name) => !name.startsWith('@sp/'));
}

export function buildApiIfNeeded({ force = false } = {}) {
  if (!force && !apiBuildIsStale()) return;
  // esbuild comes with tsx and Vite (no dependency of its own); resolved from the API workspace.
  const esbuild = createRequire(path.join(root, 'apps/api/package.json'))('esbuild');
  const started = performance.now();
  fs.rmSync(outdir, { recursive: true, force: true });
  esbuild.buildSync({
    // The worker pool's threads load their own entry (lib/work-pool.ts finds it beside server.js).
    entryPoints: {
      server: path.join(root, 'apps/api/src/server.ts'),
      'document-worker': path.join(root, 'apps/api/src/document-worker.ts'),
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'linked',
    outExtension: { '.js': '.js' },
    chunkNames: 'chunks/[name]-[hash]',
    external: externalPackages(),
    logLevel: 'warning',
  });
  fs.writeFileSync(stamp, new Date().toISOString() + '\n');
  console.log(`Built the API server in ${Math.round(performance.now() - started)} ms`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  buildApiIfNeeded({ force: process.argv.includes('--force') });
}
