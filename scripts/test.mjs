// `npm test`: typecheck, lint, unit and integration tests (Vitest, all workspaces), then the browser
// tests (Playwright against a production build). Every step runs even when an earlier one fails, and
// the last line sums them all as `N passed, N failed` (typecheck and lint count as one check each).
// Typecheck, lint and the web build run side by side (each is mostly one process on one core; their
// output is printed when each ends); the test steps run one after the other (decision 064).
import './supported-node.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildWebIfNeeded, webBuildIsStale } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const only = process.argv.slice(2); // e.g. `npm test -- unit` runs only the named steps
const wanted = (step) => only.length === 0 || only.includes(step);
const totals = { passed: 0, failed: 0, skipped: 0 };
/** What failed, by step and name: printed just above the summary, where a CI log's tail shows it. */
const failures = [];
/** How long each step took (seconds), printed above the summary: what CI's time goes to. */
const timings = [];
const since = (start) => Math.round((Date.now() - start) / 1000);

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const start = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push(`${title} ${since(start)} s`);
  return result.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function countCheck(ok, title) {
  if (ok) totals.passed++;
  else {
    totals.failed++;
    failures.push(title);
  }
}

/** Runs a command with its output kept, printed as one block under its title when it ends. */
function runKept(title, command, args) {
  const start = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(String(error))));
    child.on('close', (code) => {
      console.log(`\n=== ${title} (${since(start)} s) ===`);
      process.stdout.write(Buffer.concat(output));
      timings.push(`${title} ${since(start)} s`);
      resolve(code === 0);
    });
  });
}

const early = [];
const earlyStart = Date.now();
if (wanted('typecheck'))
  early.push(runKept('typecheck', 'npm', ['run', '--silent', 'typecheck']).then((ok) => countCheck(ok, 'typecheck')));
if (wanted('lint'))
  early.push(runKept('lint', 'npm', ['run', '--silent', 'lint']).then((ok) => countCheck(ok, 'lint')));
// The web build (for the bundle budget and the browser tests) once, beside the two checks above.
if ((wanted('bundle') || wanted('e2e')) && webBuildIsStale()) {
  early.push(
    runKept('web build', 'npm', ['run', 'build', '-w', 'apps/web']).then((ok) => {
      if (!ok) {
        console.error('The web app build failed.');
        process.exit(1);
      }
    }),
  );
}
await Promise.all(early);
if (early.length > 1) timings.push(`(those side by side: ${since(earlyStart)} s)`);

/** Without terminal colours: Vitest's and Playwright's messages carry them; the summary is read in a plain log. */
const plain = (text) => text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');

/** Adds a Vitest JSON report to the totals, and its failed tests (or files that did not load) to `failures`. */
function countVitest(ok, file) {
  const report = readJson(file);
  const step = path.basename(file, '.json');
  if (report) {
    for (const result of report.testResults ?? []) {
      const where = path.relative(root, result.name ?? '');
      const failed = (result.assertionResults ?? []).filter((r) => r.status === 'failed');
      for (const test of failed) {
        const why = plain((test.failureMessages ?? [])[0] ?? '')
          .split('\n')
          .filter((line) => line.trim())
          .slice(0, 3);
        failures.push([`${step}: ${where} > ${test.fullName}`, ...why.map((line) => `      ${line}`)].join('\n'));
      }
      if (result.status === 'failed' && failed.length === 0) failures.push(`${step}: ${where} (did not run)`);
    }
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    // A suite that failed to load has no tests to count: count the file once.
    const brokenFiles = (report.testResults ?? []).filter(
      (r) => r.status === 'failed' && r.assertionResults.length === 0,
    );
    totals.failed += brokenFiles.length;
    if (!ok && report.numFailedTests === 0 && brokenFiles.length === 0) {
      totals.failed++;
      failures.push(`${step}: exited with an error`);
    }
  } else {
    totals.failed++;
    failures.push(`${step}: no report`);
  }
}

/**
 * Where each try of a failed browser test stopped: the first lines of its error and the line of the
 * spec, so that a CI log's tail says why, not only which (its traces stay on the CI machine).
 */
function playwrightErrors(spec) {
  return (spec.tests ?? []).flatMap((test) =>
    (test.results ?? [])
      .filter((result) => result.error)
      .map((result) => {
        const { message = '', location } = result.error;
        const text = plain(message).split('Call log:')[0];
        const lines = text
          .split('\n')
          .filter((line) => line.trim())
          .slice(0, 5);
        const at = location ? ` (${path.relative(root, location.file)}:${location.line})` : '';
        return `    try ${result.retry + 1}${at}:\n${lines.map((line) => `      ${line}`).join('\n')}`;
      }),
  );
}

/** The titles of a Playwright JSON report's tests that failed, with their file and errors. */
function playwrightFailures(suite, file = suite.file) {
  const here = suite.file ?? file;
  const own = (suite.specs ?? [])
    .filter((spec) => !spec.ok)
    .map((spec) => [`e2e: ${here} > ${spec.title}`, ...playwrightErrors(spec)].join('\n'));
  return [...own, ...(suite.suites ?? []).flatMap((child) => playwrightFailures(child, here))];
}

if (wanted('unit')) {
  const file = path.join(reports, 'vitest.json');
  const ok = run('unit and integration tests', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  countVitest(ok, file);
}

// The bundle-size budget (issue 9) reads the web build, so it runs after building it.
if (wanted('bundle')) {
  buildWebIfNeeded();
  const file = path.join(reports, 'bundle-budget.json');
  const config = 'scripts/bench/vitest.config.mjs';
  const ok = run('bundle-size budget and the benchmark instruments', 'npx', [
    'vitest',
    'run',
    '--config',
    config,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  countVitest(ok, file);
}

if (wanted('e2e')) {
  buildWebIfNeeded();
  const file = path.join(reports, 'e2e.json');
  const ok = run('browser tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  const report = readJson(file);
  if (report?.stats) {
    totals.passed += report.stats.expected + (report.stats.flaky ?? 0);
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
    failures.push(...(report.suites ?? []).flatMap((suite) => playwrightFailures(suite)));
    if (!ok && report.stats.unexpected === 0) {
      totals.failed++;
      failures.push('e2e: exited with an error');
    }
  } else {
    totals.failed++;
    failures.push('e2e: no report');
  }
}

// The other supported Node line (issue 17): the main run is on Node 24 (CI brings it), this step on
// Node 22, fetched like CI's Node 24 by scripts/node-runtime.sh. What differs between the lines is the
// runtime, not the product's logic (which Node 24 runs on both engines), so Node 22 runs the runtime
// tests and a smoke subset (decision 064): the built server started and under load with garbage
// collection (test/runtime, crash safety: child servers run on process.execPath, so on Node 22 too),
// the native modules (better-sqlite3: src/db; sharp: the logo tests), node:crypto and WebCrypto (the
// identity provider's protocol, password hashes and tokens; the PDF signatures), the HTTP streams (chat),
// PostgreSQL's driver and notices (src/db, two-processes), mail, uploads and the security headers.
const NODE22_SMOKE = [
  'apps/api/test/runtime',
  'apps/api/test/architecture/server-node-flags.test.ts',
  'apps/api/test/security/crash-safety.test.ts',
  'apps/api/test/security/hostile-logos.test.ts',
  'apps/api/test/security/uploads-and-headers.test.ts',
  'apps/api/src/db',
  'apps/api/src/identity/protocol.test.ts',
  'apps/api/src/identity/secret-box.test.ts',
  'apps/api/src/modules/agreements/agreements.test.ts',
  'apps/api/src/modules/chat/chat-stream.test.ts',
  'apps/api/src/modules/invoices/pdf.test.ts',
  'apps/api/src/ports/mail/mail.test.ts',
];

if (wanted('node22')) {
  const current = process.versions.node.split('.')[0];
  if (current === '22') {
    console.log('\n=== API runtime and smoke tests on Node 22 ===\nthis run is on Node 22 already; nothing to repeat');
  } else {
    console.log('\n=== API runtime and smoke tests on Node 22 ===');
    const fetched = spawnSync('bash', ['scripts/node-runtime.sh', '22'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const nodeDir = fetched.stdout.trim();
    if (fetched.status !== 0 || !nodeDir) {
      console.error('Node 22 could not be fetched; the API tests did not run on it');
      totals.failed++;
      failures.push('node22: Node 22 could not be fetched');
    } else {
      const file = path.join(reports, 'vitest-node22.json');
      const ok = run(
        `API runtime and smoke tests on ${spawnSync(path.join(nodeDir, 'bin/node'), ['--version'], { encoding: 'utf8' }).stdout.trim()}`,
        path.join(nodeDir, 'bin/node'),
        [
          'node_modules/vitest/vitest.mjs',
          'run',
          '--project',
          '@sp/api',
          '--project',
          '@sp/api-timed',
          ...NODE22_SMOKE,
          '--reporter=dot',
          '--reporter=json',
          `--outputFile.json=${file}`,
        ],
        { PATH: `${path.join(nodeDir, 'bin')}${path.delimiter}${process.env.PATH}`, npm_config_nodedir: nodeDir },
      );
      countVitest(ok, file);
    }
  }
}

console.log('');
if (timings.length > 0) console.log(`Step times: ${timings.join(', ')}`);
if (failures.length > 0) {
  console.log(`Failed (${failures.length}):`);
  for (const failure of failures.slice(0, 20)) console.log(`  ${failure}`);
  if (failures.length > 20) console.log(`  ... and ${failures.length - 20} more (see above)`);
}
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || totals.skipped > 0 ? 1 : 0);
