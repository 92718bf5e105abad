// The sponsor report's figures of `npm run bench -- --report-only` (issue 60 point 3, decision 108):
// the report of a sponsorship with 12 benefits and 40 photos, made on the worker pool as the route
// makes it (sponsor-report-raw.ts in a child process with tsx), the median of three runs after one
// that loads the libraries. Budgets: < 3 s, RSS growth < 100 MB.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REPORT_BUDGETS = { ms: 3000, rssGrowthMb: 100 };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function rawReport(runs) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'scripts/bench/sponsor-report-raw.ts'), String(runs)],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`sponsor-report-raw.ts ended with code ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** Adds the report's rows through `row(engine, name, value, unit, budget, ok)`; answers the raw figures. */
export async function sponsorReportBench(row, runs = 3) {
  const figures = await rawReport(runs);
  const ms = median(figures.runs.map((r) => r.ms));
  const growth = Math.max(...figures.runs.map((r) => r.rssGrowthMb), figures.first.rssGrowthMb);
  const label = `${figures.benefits} benefits, ${figures.photos} photos`;
  row('pool', `sponsor report (${label}), median`, ms, 'ms', `< ${REPORT_BUDGETS.ms}`, ms < REPORT_BUDGETS.ms);
  row('pool', `sponsor report, first run (loads pdf-lib, sharp, fonts)`, figures.first.ms, 'ms', null, null);
  row('pool', 'worker thread start (before the runs, not in them)', figures.threadStartMs, 'ms', null, null);
  row(
    'pool',
    'sponsor report, RSS growth of one report (largest, first included)',
    growth,
    'MB',
    `< ${REPORT_BUDGETS.rssGrowthMb}`,
    growth < REPORT_BUDGETS.rssGrowthMb,
  );
  row(
    'pool',
    'sponsor report, main thread longest pause',
    Math.max(...figures.runs.map((r) => r.maxLoopPauseMs)),
    'ms',
    null,
    null,
  );
  row('pool', 'sponsor report, RSS growth over all four runs', figures.totalGrowthMb, 'MB', null, null);
  row('pool', 'sponsor report, PDF size', figures.runs[0].pdfKb, 'kB', null, null);
  return figures;
}
