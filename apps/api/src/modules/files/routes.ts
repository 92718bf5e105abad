// The file calls of spec section 7 under /api: upload URLs and downloads (bearer), and the local
// store's upload target, which needs no bearer because its signed token is the authority.
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PDF_MIME_TYPE, ZApiError, ZCreateUploadResponse } from '@sp/shared';
import { sendPdf } from './pdf-reply.ts';
import { authenticateUserOrGuest, requireUser, sponsorGuestOf } from '../../plugins/authenticate.ts';
import type { FilesService } from './service.ts';

const DRAIN_LIMIT_BYTES = 64 * 1024;
const DRAIN_TIME_MS = 1000;

/**
 * After a refused upload the client may still be sending. Reading a little more of it lets the client
 * see the answer; then the connection is closed instead of waiting for a body nobody will read.
 */
function closeAfterRefusal(request: FastifyRequest, body: Readable | undefined) {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  let drained = 0;
  const close = () => {
    clearTimeout(timer);
    raw.destroy();
  };
  const timer = setTimeout(close, DRAIN_TIME_MS);
  timer.unref();
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT_BYTES) close();
  });
  raw.once('end', () => clearTimeout(timer));
  (body ?? raw).resume();
}

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 415: ZApiError };
const id = z.coerce.number().int().max(2_147_483_647);

export const filesRoutes: FastifyPluginAsyncZod<{
  files: FilesService;
  maxBytes: number;
  localUploads: boolean;
}> = async (app, { files, maxBytes, localUploads }) => {
  await app.register(async (scope) => {
    const authenticated = scope.withTypeProvider<ZodTypeProvider>();
    authenticated.addHook('onRequest', app.authenticate);

    authenticated.get(
      '/file/upload/:organisationId/:eventId/:fileName/:extension',
      {
        schema: {
          tags: ['files'],
          summary: 'Get a URL to PUT an event’s PDF to',
          description:
            'PUT the bytes to `url` with `Content-Type: application/pdf` before `expires_at`, then save the event with ' +
            '`files: [{ s3_id, name: file, key }]`. Only PDFs (checked by their first bytes) of at most `max_bytes` are kept.',
          security: [{ bearer: [] }],
          params: z.object({
            organisationId: id.min(1),
            eventId: id.min(-1),
            fileName: z.string().min(1).max(1000),
            extension: z.string().min(1).max(20),
          }),
          response: { 200: ZCreateUploadResponse, ...errors },
        },
      },
      async (request) => files.createUpload(requireUser(request), request.params),
    );
  });

  // Downloads take a bearer token, or an invited sponsor's link (`<token>:<email>`) as guest access.
  await app.register(async (scope) => {
    const downloads = scope.withTypeProvider<ZodTypeProvider>();
    downloads.addHook('onRequest', (request, reply) => authenticateUserOrGuest(app, request, reply));

    downloads.get(
      '/download',
      {
        schema: {
          tags: ['files'],
          summary: 'Download an event’s PDF',
          description:
            'Answers the bytes as application/pdf (attachment); 404 for a key the caller may not see. ' +
            'An invited sponsor may instead send `Authorization: <token>:<email>` of their invitation link.',
          security: [{ bearer: [] }, {}],
          querystring: z.object({ key: z.string().min(1).max(500) }),
        },
      },
      async (request, reply) => {
        const guest = request.user ? null : sponsorGuestOf(request);
        const file = guest
          ? await files.downloadAsGuest(guest, request.query.key)
          : await files.download(requireUser(request), request.query.key);
        return sendPdf(reply, file);
      },
    );
  });

  if (!localUploads) return;
  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    // Only this route reads PDF bodies, and it streams them: the bytes are checked and counted as they
    // arrive (413 past maxBytes), never buffered whole.
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser([PDF_MIME_TYPE, 'application/octet-stream'], (_request, payload, done) => {
      done(null, payload);
    });

    uploads.put(
      '/files/upload/:token',
      {
        bodyLimit: maxBytes,
        schema: {
          tags: ['files'],
          summary: 'Upload target of the local file store (the URL from GET /file/upload/...)',
          params: z.object({ token: z.string().min(1).max(2048) }),
          response: { 204: z.null(), 403: ZApiError, 409: ZApiError, 413: ZApiError, 415: ZApiError },
        },
      },
      async (request, reply) => {
        const header = request.headers['content-length'];
        const declared = header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
        const body = request.body as Readable | undefined;
        try {
          await files.receiveLocalUpload(
            request.params.token,
            declared,
            body && typeof body.pipe === 'function' ? body : undefined,
          );
        } catch (error) {
          void reply.header('connection', 'close');
          reply.raw.once('finish', () => closeAfterRefusal(request, body));
          throw error;
        }
        return reply.status(204).send(null);
      },
    );
  });
};
