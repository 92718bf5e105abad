// The sponsor view under /api (decision 109): organisers only (bearer); the organisation is the
// caller's, never a parameter, so no URL can name another organisation's sponsors.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAddSponsorNoteRequest,
  ZApiError,
  ZListSponsorsResponse,
  ZSponsorKey,
  ZSponsorNote,
  ZSponsorViewResponse,
} from '@sp/shared';
import { requireUser } from '../../plugins/authenticate.ts';
import type { SponsorViewService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const keyParams = z.object({ key: ZSponsorKey });
const tags = ['sponsor-view'];
const security = [{ bearer: [] }];

export const sponsorViewRoutes: FastifyPluginAsyncZod<{ sponsors: SponsorViewService }> = async (app, { sponsors }) => {
  app.get(
    '/sponsors',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Your organisation's sponsors across its events, one row per sponsor address",
        security,
        response: { 200: ZListSponsorsResponse, ...errors },
      },
    },
    async (request) => sponsors.list(requireUser(request)),
  );

  app.get(
    '/sponsors/:key',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'One sponsor of your organisation: history, money, delivery, invoices, payments, contacts, notes',
        description: '`key` is the sponsor address in base64url (decision 109).',
        security,
        params: keyParams,
        response: { 200: ZSponsorViewResponse, ...errors },
      },
    },
    async (request) => sponsors.view(requireUser(request), request.params.key),
  );

  app.post(
    '/sponsors/:key/notes',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'A private note of your team on one of your sponsors (the sponsor never sees it)',
        security,
        params: keyParams,
        body: ZAddSponsorNoteRequest,
        response: { 201: ZSponsorNote, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sponsors.addNote(requireUser(request), request.params.key, request.body.text)),
  );
};
