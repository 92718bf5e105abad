// The bundle-size budget of issue 9, checked on the built web app (deterministic, not timed): the JS
// that /login/ loads stays at most 150 kB gzip, and no route chunk exceeds 100 kB gzip. Runs in
// `npm test` after the web build (scripts/test.mjs, step `bundle`).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGETS, DIST, PAGES, largestFiles, pageLoad, routeChunks } from './bench/bundle.mjs';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

describe('bundle-size budget', () => {
  it(`/login/ loads at most ${kB(BUDGETS.loginJsGzip)} of JS (gzip)`, () => {
    const load = pageLoad(PAGES.login);
    const where = largestFiles(load.js.files, 6)
      .map((f: { file: string; gzip: number }) => `${f.file} ${kB(f.gzip)}`)
      .join(', ');
    expect(load.js.gzip, `/login/ loads ${kB(load.js.gzip)} of JS; largest: ${where}`).toBeLessThanOrEqual(
      BUDGETS.loginJsGzip,
    );
  });

  // Over HTTP/1.1 a slow line pays a round trip per wave of six files: the page's small modules are
  // grouped (codeSplitting in apps/web/vite.config.ts; decision 012).
  it('/login/ loads its JS in at most 6 files', () => {
    const load = pageLoad(PAGES.login);
    expect(load.js.files.length, load.js.files.join(', ')).toBeLessThanOrEqual(6);
  });

  // The organiser dashboard had grown to 37 files (shared schemas, query hooks, formatting, icons of
  // 0.1-2.8 kB each) before they were grouped into one 'signed-in' chunk (decision 012, session 9).
  it('the organiser dashboard loads its JS in at most 14 files', () => {
    const load = pageLoad(PAGES.organiserDashboard);
    expect(load.js.files.length, load.js.files.join(', ')).toBeLessThanOrEqual(14);
  });

  // Every schema a start evaluates is built at once, in one task (zod constructs each object
  // schema when its module runs): the dashboard's start evaluates only the wire schemas its own
  // requests answer with, not those of every other page (decision 055; @sp/shared has no side effects).
  it("the organiser dashboard's start evaluates no wire schema of other pages", () => {
    const load = pageLoad(PAGES.organiserDashboard);
    const schemas = load.js.files.flatMap((file: string) => {
      // The bundler's runtime helper has no source map, and no source.
      if (!fs.existsSync(path.join(DIST, `${file}.map`))) return [];
      const map = JSON.parse(fs.readFileSync(path.join(DIST, `${file}.map`), 'utf8')) as { sources: string[] };
      return map.sources.flatMap((source) => /packages\/shared\/src\/schemas\/([\w-]+)\.ts$/.exec(source)?.[1] ?? []);
    });
    expect(schemas).toContain('profiles');
    expect(schemas).toContain('tasks');
    for (const other of ['agreements', 'fulfilment', 'packages', 'sponsor-legal', 'sponsor-profiles', 'events'])
      expect(schemas, `the dashboard's start evaluates schemas/${other}.ts`).not.toContain(other);
  });

  it(`no route chunk is over ${kB(BUDGETS.routeChunkGzip)} (gzip)`, () => {
    const chunks = routeChunks();
    expect(chunks.length, 'the build has code-split route chunks').toBeGreaterThan(0);
    const over = chunks.filter((c: { gzip: number }) => c.gzip > BUDGETS.routeChunkGzip);
    expect(over.map((c: { route: string; gzip: number }) => `${c.route} ${kB(c.gzip)}`)).toEqual([]);
  });
});

// Build-time prerendering (plugin sp:prerender in apps/web/vite-plugins/prerender-pages.ts): /login/ is painted from
// its HTML before any script runs; the app hydrates it (src/main.tsx).
describe('prerendered /login/', () => {
  const html = fs.readFileSync(path.join(DIST, 'login/index.html'), 'utf8');
  const de = JSON.parse(fs.readFileSync(path.join(DIST, '../src/locales/de.json'), 'utf8'));
  const root = /<div id="root" data-prerendered="\/login\/">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';

  it('holds the login form in German, rendered from the app (header, form, footer)', () => {
    expect(root).toContain('<header');
    expect(root).toContain('<footer');
    expect(root).toMatch(/<form[^>]* method="post"/);
    for (const text of [de.auth.login.title, de.auth.fields.email, de.auth.fields.password, de.auth.login.submit])
      expect(root).toContain(`>${text}<`);
    expect(root).toMatch(/<input[^>]*name="email"/);
    expect(root).toMatch(/<input[^>]*name="password"/);
  });

  it('has no inline style and one inline script, the early requests of every page (the CSP allows it by its hash), and no Suspense fallback', () => {
    const inline = (page: string) =>
      [...page.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    const index = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
    expect(inline(index)).toHaveLength(1);
    expect(inline(index)[0]).toContain('sponsoring-platform.early-requests');
    expect(inline(html)).toEqual(inline(index));
    expect(html).not.toMatch(/<style|\sstyle=/);
    expect(root).not.toContain('<!--$!-->');
    expect(root).not.toContain('role="status"');
  });
});

// The organiser dashboard's frame (sp:prerender, decision 012): painted from the HTML before any
// script runs when the inline script finds a stored session it fits, then replaced by the app.
describe('prerendered frame of the organiser dashboard', () => {
  const html = fs.readFileSync(path.join(DIST, 'dashboard/organizer/index.html'), 'utf8');
  const de = JSON.parse(fs.readFileSync(path.join(DIST, '../src/locales/de.json'), 'utf8'));
  const frame =
    /<div id="root"><div data-frame="\/dashboard\/organizer\/" inert>([\s\S]*)<\/div><\/div>\s*<\/body>/.exec(
      html,
    )?.[1] ?? '';

  it('holds the dashboard in German with every card pending, rendered from the app (header, tabs, cards, footer)', () => {
    expect(frame).toContain('<header');
    expect(frame).toContain('<footer');
    const { dashboard, nav } = de.organizer;
    for (const text of [dashboard.title, dashboard.lead, nav.overview, nav.events])
      expect(frame).toContain(`>${text}<`);
    expect(frame).toContain('data-testid="team-size"');
    expect(frame.match(/aria-busy="true"/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
  });

  it("holds nobody's data, and neither a Suspense fallback nor an inline script or style", () => {
    expect(frame).not.toMatch(/prerendered-frame|@/);
    expect(frame).not.toContain('role="status"');
    expect(frame).not.toContain('<!--$!-->');
    expect(html).not.toMatch(/<style|\sstyle=/);
    expect([...html.matchAll(/<script(?![^>]*\bsrc=)/g)]).toHaveLength(1);
  });

  it('is hidden unless the inline script marks the document, which the stylesheet reads', () => {
    const css = fs
      .readdirSync(path.join(DIST, 'assets'))
      .filter((file) => file.endsWith('.css'))
      .map((file) => fs.readFileSync(path.join(DIST, 'assets', file), 'utf8'))
      .join('');
    expect(css).toMatch(/html:not\(\[data-frame-shown\]\) \[data-frame\]\{display:none\}/);
    expect(html).toContain('data-frame-shown');
  });
});

// The organiser dashboard's copy of index.html (sp:page-html) names the chunks the page loads at
// start, so that they arrive with the entry; the Cognito client is not among them, since a stored
// session with valid tokens is read without it (apps/web/src/lib/auth/stored-session.ts).
describe('organiser dashboard HTML', () => {
  const html = fs.readFileSync(path.join(DIST, 'dashboard/organizer/index.html'), 'utf8');
  const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]);
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;

  it("preloads every chunk of the page's routes beyond the entry", () => {
    const load = pageLoad({ ...PAGES.organiserDashboard, boot: [] });
    expect(load.routeJs.files.length).toBeGreaterThan(0);
    expect(load.routeJs.files.filter((file: string) => !preloaded.includes(file))).toEqual([]);
  });

  it('does not preload the Cognito client', () => {
    const cognito = manifest['src/lib/auth/cognito-session.ts']?.file;
    expect(cognito, 'the Cognito client is a chunk of its own').toBeTruthy();
    expect(preloaded).not.toContain(cognito);
  });
});
