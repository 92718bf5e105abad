// Front-end figures: the JS and CSS a page loads (from the build, scripts/bench/bundle.mjs) and
// LCP in Debian's Chromium. Lighthouse is not a dependency here, so LCP is measured with
// Playwright and a PerformanceObserver under Lighthouse's mobile conditions (Moto G Power-sized
// viewport, 4x CPU slowdown, 150 ms RTT and 1.6 Mbit/s down); there is no Lighthouse score.
import { PAGES, pageLoad, routeChunks } from './bundle.mjs';

export function bundleFigures() {
  const login = pageLoad(PAGES.login);
  const dashboard = pageLoad(PAGES.organiserDashboard);
  const chunks = routeChunks();
  return {
    login: {
      jsGzip: login.js.gzip,
      cssGzip: login.css.gzip,
      entryJsGzip: login.entryJs.gzip,
      routeJsGzip: login.routeJs.gzip,
      files: login.js.files.length,
    },
    organiserDashboard: {
      jsGzip: dashboard.js.gzip,
      cssGzip: dashboard.css.gzip,
      entryJsGzip: dashboard.entryJs.gzip,
      routeJsGzip: dashboard.routeJs.gzip,
      files: dashboard.js.files.length,
    },
    largestRouteChunk: chunks[0] ?? null,
    routeChunks: chunks.map(({ route, file, gzip }) => ({ route, file, gzip })),
  };
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The benchmark's throttling of `page`: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, 4x CPU. */
export async function throttle(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

async function measureLcp(browser, url, prepare, settled) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  });
  try {
    const page = await context.newPage();
    if (prepare) await prepare(page);
    await throttle(context, page);
    const transferred = { js: 0, css: 0 };
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      // A script still arriving when the context closes has no headers to read any more.
      const headers = await response.allHeaders().catch(() => ({}));
      const length = Number(headers['content-length'] ?? 0);
      transferred[type === 'script' ? 'js' : 'css'] += length;
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    // What must be on screen for the figure to be the page's (not an error's or a spinner's).
    const shown = settled ? await settled(page) : undefined;
    await page.waitForTimeout(500);
    // The last largest-contentful-paint entry so far (buffered), read after the page settled.
    const { lcp, fcp } = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve({ lcp: entries[entries.length - 1]?.startTime ?? 0, fcp });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve({ lcp: 0, fcp }), 3000);
        }),
    );
    return { lcpMs: lcp, fcpMs: fcp, transferredJs: transferred.js, transferredCss: transferred.css, shown };
  } finally {
    await context.close();
  }
}

/**
 * Signs `user` in the way the app looks for a session (Cognito's keys in localStorage), on a page of
 * the app's origin. Works with a Playwright and a Puppeteer page alike.
 */
export async function storeSession(page, baseUrl, clientId, user) {
  await page.goto(`${baseUrl}/config.json`);
  await page.evaluate(
    ({ clientId, user }) => {
      const prefix = `CognitoIdentityServiceProvider.${clientId}`;
      localStorage.setItem(`${prefix}.LastAuthUser`, user.email);
      localStorage.setItem(`${prefix}.${user.email}.idToken`, user.idToken);
      localStorage.setItem(`${prefix}.${user.email}.accessToken`, user.accessToken);
      localStorage.setItem(`${prefix}.${user.email}.refreshToken`, user.refreshToken);
      localStorage.setItem(`${prefix}.${user.email}.clockDrift`, '0');
    },
    { clientId, user },
  );
}

/** LCP of /login/ and of the signed-in organiser dashboard (tokens put where the app looks for them). */
export async function lighthouseLike({ baseUrl, organiser, clientId }) {
  let chromium;
  try {
    ({ chromium } = await import('playwright'));
  } catch {
    return { skipped: 'playwright is not installed' };
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const login = await measureLcp(browser, `${baseUrl}/login/`);
    const dashboard = await measureLcp(browser, `${baseUrl}/dashboard/organizer/`, async (page) => {
      await storeSession(page, baseUrl, clientId, organiser);
    });
    return {
      method: 'Playwright + PerformanceObserver, mobile emulation, 4x CPU, 150 ms RTT / 1.6 Mbit/s',
      login,
      dashboard,
    };
  } finally {
    await browser.close();
  }
}

/**
 * LCP of an event's readiness board (issue 59: 200 sponsorships x 8 deliverables), signed in as its
 * organiser, under the same emulation and throttling; `rows` counts the sponsors the page listed.
 */
export async function boardLcp({ baseUrl, organiser, clientId, eventId }) {
  let chromium;
  try {
    ({ chromium } = await import('playwright'));
  } catch {
    return { skipped: 'playwright is not installed' };
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const board = await measureLcp(
      browser,
      `${baseUrl}/edit-event/${eventId}/readiness`,
      (page) => storeSession(page, baseUrl, clientId, organiser),
      async (page) => {
        // At the emulated phone's width the board is the list per sponsor (board-grid.tsx); its first
        // rows are painted first, the rest follow: wait for all of them (or 30 s).
        const items = '[data-testid="readiness-list"] > li';
        await page
          .waitForFunction((selector) => globalThis.document.querySelectorAll(selector).length >= 200, items, {
            timeout: 30_000,
          })
          .catch(() => undefined);
        return { rows: await page.locator(items).count() };
      },
    );
    // The dashboard's LCP in the same minute: what the machine's load does to any page's figure.
    const dashboard = await measureLcp(browser, `${baseUrl}/dashboard/organizer/`, (page) =>
      storeSession(page, baseUrl, clientId, organiser),
    );
    return {
      method: 'Playwright + PerformanceObserver, mobile emulation, 4x CPU, 150 ms RTT / 1.6 Mbit/s',
      board: { ...board, rows: board.shown?.rows ?? 0 },
      dashboard,
    };
  } finally {
    await browser.close();
  }
}
