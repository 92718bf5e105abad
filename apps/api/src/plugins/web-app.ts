// Serves the built SPA: precompressed assets as they are, hashed assets cached for a year,
// index.html never cached, and index.html for every client route so deep links reload. A page the
// build gave its own copy of index.html (`login/index.html`, naming the chunks that page loads; see
// PAGE_PRELOADS in apps/web/vite.config.ts) gets that copy, with or without the trailing slash.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendProblem } from './error-handler.ts';

// /metrics too: a scraper pointed at a server without METRICS_TOKEN must get a 404, not the app's HTML with 200.
const NOT_SPA = /^\/(api|identity|dev|metrics)(\/|$)/;

/** '/login' -> 'login/index.html' for every `<dir>/index.html` of the build outside assets/. */
function pageFiles(webDistDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const visit = (relative: string, depth: number) => {
    for (const entry of fs.readdirSync(path.join(webDistDir, relative), { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || (depth === 0 && entry.name === 'assets')) continue;
      const dir = relative ? `${relative}/${entry.name}` : entry.name;
      if (fs.existsSync(path.join(webDistDir, dir, 'index.html'))) pages.set(`/${dir}`, `${dir}/index.html`);
      if (depth < 4) visit(dir, depth + 1);
    }
  };
  visit('', 0);
  return pages;
}

/**
 * The CSP sources (`'sha256-...'`) of the inline scripts in the pages the server sends: the web
 * build writes one into every copy of index.html (sp:early-requests in apps/web/vite.config.ts).
 * Hashing what is served, at start, means the policy always allows exactly those scripts and no
 * other inline script, without 'unsafe-inline'.
 */
export function inlineScriptHashes(webDistDir: string | null): string[] {
  const indexFile = webDistDir ? path.join(webDistDir, 'index.html') : null;
  if (!webDistDir || !indexFile || !fs.existsSync(indexFile)) return [];
  const files = [indexFile, ...[...pageFiles(webDistDir).values()].map((page) => path.join(webDistDir, page))];
  const hashes = new Set<string>();
  for (const file of files) {
    const html = fs.readFileSync(file, 'utf8');
    for (const [, code] of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
      if (code) hashes.add(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}

export type WebAppOptions = {
  /** Whether the page at this path shows something that exists; the page's HTML is a 404 when not. */
  pageExists?: (pathname: string) => Promise<boolean>;
};

export async function registerWebApp(app: FastifyInstance, webDistDir: string | null, options: WebAppOptions = {}) {
  const indexFile = webDistDir ? path.join(webDistDir, 'index.html') : null;
  const hasWebApp = indexFile !== null && fs.existsSync(indexFile);
  const pages = hasWebApp && webDistDir ? pageFiles(webDistDir) : new Map<string, string>();

  if (hasWebApp && webDistDir) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      // One wildcard route instead of one per built file (760 with the compressed copies and maps):
      // registering those was a tenth of the start time. A file that is not there falls through to
      // the not-found handler below, as an unknown route did.
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      // `/` is the page; with the wildcard route a directory without an index would be a 403.
      index: ['index.html'],
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        void res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A page is what a browser navigates to (it accepts HTML); a missing script or image is a 404.
    // The extension alone cannot tell: /verify/anna%40verein.de is a page.
    const acceptsHtml = (request.headers.accept ?? '').includes('text/html');
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NOT_SPA.test(pathname) &&
      (acceptsHtml || !path.extname(pathname));
    if (hasWebApp && wantsPage) {
      const page = pages.get(pathname.replace(/\/+$/, '')) ?? 'index.html';
      // The app itself shows the not-found state; the status tells everyone else.
      const exists = options.pageExists ? await options.pageExists(pathname) : true;
      return reply
        .status(exists ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile(page);
    }
    return sendProblem(reply, 'request.not-found', 'Not found');
  });
}
