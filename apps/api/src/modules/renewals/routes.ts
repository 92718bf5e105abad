// Next edition and renewal calls under /api (decision 101): the organisers' planning, renewal view,
// offers and reminders (bearer); the sponsor's offer, accepting and declining (bearer, or the
// invitation link as `Authorization: <token>:<email>`).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAcceptRenewalRequest,
  ZApiError,
  ZOfferRenewalsRequest,
  ZOfferRenewalsResponse,
  ZPlanNextEditionRequest,
  ZPlanNextEditionResponse,
  ZRemindRenewalResponse,
  ZRenewalsResponse,
  ZSponsorRenewalResponse,
} from '@sp/shared';
import { authenticateUserOrGuest, requireUser, sponsorGuestOf } from '../../plugins/authenticate.ts';
import type { SponsorshipCaller } from '../sponsorships/index.ts';
import type { RenewalsService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const tags = ['renewals'];

function sponsorshipCaller(request: FastifyRequest): SponsorshipCaller {
  const guest = request.user ? null : sponsorGuestOf(request);
  if (guest) return { kind: 'guest', guest };
  const user = requireUser(request);
  return { kind: 'user', sub: user.sub, email: user.email };
}

const organiser = (request: FastifyRequest) => {
  const user = requireUser(request);
  return { sub: user.sub, email: user.email };
};

export const renewalsRoutes: FastifyPluginAsyncZod<{ renewals: RenewalsService }> = async (app, { renewals }) => {
  await app.register(async (scope) => {
    const organisers = scope.withTypeProvider<ZodTypeProvider>();
    organisers.addHook('onRequest', app.authenticate);
    const security = [{ bearer: [] }];

    organisers.post(
      '/event/:id/next-edition',
      {
        schema: {
          tags,
          summary: 'Plan the next edition: the event with its packages, agreement and wall settings, at a new date',
          description:
            'Nothing of the sponsors is copied. Prices change by `price_change_percent` unless set per package.',
          security,
          params: idParams,
          body: ZPlanNextEditionRequest,
          response: { 201: ZPlanNextEditionResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await renewals.planNextEdition(organiser(request), request.params.id, request.body)),
    );

    organisers.get(
      '/events/:id/renewals',
      {
        schema: {
          tags,
          summary: "The previous edition's sponsors and their renewal offers",
          security,
          params: idParams,
          response: { 200: ZRenewalsResponse, ...errors },
        },
      },
      async (request) => renewals.list(organiser(request), request.params.id),
    );

    organisers.post(
      '/events/:id/renewals',
      {
        schema: {
          tags,
          summary: "Offer renewals to the previous edition's sponsors (one offer per sponsor)",
          security,
          params: idParams,
          body: ZOfferRenewalsRequest,
          response: { 200: ZOfferRenewalsResponse, ...errors },
        },
      },
      async (request) => renewals.offer(organiser(request), request.params.id, request.body),
    );

    organisers.post(
      '/renewal-offers/:id/reminder',
      {
        schema: {
          tags,
          summary: 'Remind a sponsor of an open renewal offer (one reminder a day per sponsor)',
          security,
          params: idParams,
          response: { 200: ZRemindRenewalResponse, ...errors },
        },
      },
      async (request) => renewals.remind(organiser(request), request.params.id),
    );
  });

  await app.register(async (scope) => {
    const parties = scope.withTypeProvider<ZodTypeProvider>();
    parties.addHook('onRequest', (request, reply) => authenticateUserOrGuest(app, request, reply));
    const security: Array<Record<string, string[]>> = [{ bearer: [] }, {}];

    parties.get(
      '/sponsorships/:id/renewal',
      {
        schema: {
          tags,
          summary: "The sponsor's renewal offer of this sponsorship, or null",
          security,
          params: idParams,
          response: { 200: ZSponsorRenewalResponse, ...errors },
        },
      },
      async (request) => renewals.sponsorView(sponsorshipCaller(request), request.params.id),
    );

    parties.post(
      '/sponsorships/:id/renewal/accept',
      {
        schema: {
          tags,
          summary: 'Accept the renewal offer with a package (the preselected one or another offered)',
          security,
          params: idParams,
          body: ZAcceptRenewalRequest,
          response: { 200: ZSponsorRenewalResponse, ...errors },
        },
      },
      async (request) => renewals.accept(sponsorshipCaller(request), request.params.id, request.body.package_id),
    );

    parties.post(
      '/sponsorships/:id/renewal/decline',
      {
        schema: {
          tags,
          summary: 'Decline the renewal offer (the sponsorship of the new event is withdrawn)',
          security,
          params: idParams,
          response: { 200: ZSponsorRenewalResponse, ...errors },
        },
      },
      async (request) => renewals.decline(sponsorshipCaller(request), request.params.id),
    );
  });
};
