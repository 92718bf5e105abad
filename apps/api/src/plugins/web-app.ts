// Serves the built SPA: precompressed assets as they are, hashed assets cached for a year,
// index.html never cached, and index.html for every client route so deep links reload.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const NOT_SPA = /^\/(api|identity|dev)(\/|$)/;

export async function registerWebApp(app: FastifyInstance, webDistDir: string | null) {
  const indexFile = webDistDir ? path.join(webDistDir, 'index.html') : null;
  const hasWebApp = indexFile !== null && fs.existsSync(indexFile);

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
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).type('application/json; charset=utf-8').send({ message: 'Not found', code: 'NOT_FOUND' });
  });
}
