// Lighthouse (issue 9): the performance score and LCP of /login/ and of the signed-in organiser
// dashboard, with Lighthouse's default mobile preset (Moto G power emulation, simulated slow 4G and
// 4x CPU throttling) in Debian's Chromium. The dashboard needs a session: the organiser's tokens are
// put where the app looks for them, and Lighthouse is told not to clear storage before loading.
import { storeSession } from './frontend.mjs';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];

// Lighthouse sometimes loses the trace of a load ("NO_NAVSTART", "NO_FCP"; a known flake of
// headless Chromium): that run is taken once more, any other error is reported.
const TRACE_LOST = /NO_NAVSTART|NO_FCP|NO_TRACING_STARTED/;

async function scoreOf(lighthouse, page, url) {
  try {
    return await scoreOnce(lighthouse, page, url);
  } catch (error) {
    if (!TRACE_LOST.test(String(error?.message))) throw error;
    return scoreOnce(lighthouse, page, url);
  }
}

async function scoreOnce(lighthouse, page, url) {
  const result = await lighthouse(
    url,
    { onlyCategories: ['performance'], output: 'json', logLevel: 'error', disableStorageReset: true },
    undefined,
    page,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  return {
    score: lhr.categories.performance.score,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    // How fast Lighthouse found this machine's CPU during the run (its own benchmark; below 1000 it
    // warns that the host is slower than its 4x CPU slowdown assumes, and the score falls with it).
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
  };
}

/** Scores of /login/ and the organiser dashboard; `{ skipped }` when Lighthouse is not installed. */
export async function lighthouseScores({ baseUrl, organiser, clientId }) {
  let lighthouse;
  let puppeteer;
  try {
    ({ default: lighthouse } = await import('lighthouse'));
    ({ default: puppeteer } = await import('puppeteer-core'));
  } catch {
    return { skipped: 'lighthouse is not installed' };
  }
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const login = await scoreOf(lighthouse, await browser.newPage(), `${baseUrl}/login/`);
    const page = await browser.newPage();
    await storeSession(page, baseUrl, clientId, organiser);
    const dashboard = await scoreOf(lighthouse, page, `${baseUrl}/dashboard/organizer/`);
    return { method: 'Lighthouse 12, default mobile preset (simulated throttling)', login, dashboard };
  } finally {
    await browser.close();
  }
}
