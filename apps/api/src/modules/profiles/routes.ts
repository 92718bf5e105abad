// The user-profile calls of spec section 7, under /api.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZGetUserProfileResponse, ZOnboardingRequest, ZUpdateUserProfileRequest } from '@sp/shared';
import { unauthenticated } from '../../lib/errors.ts';
import type { ProfilesService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const params = z.object({ cognitoId: z.string().min(1).max(64) });

export const profilesRoutes: FastifyPluginAsyncZod<{ profiles: ProfilesService }> = async (app, { profiles }) => {
  app.addHook('preHandler', app.authenticate);
  const caller = (request: { user?: { sub: string; email: string } }) => {
    if (!request.user) throw unauthenticated();
    return { sub: request.user.sub, email: request.user.email };
  };

  app.get(
    '/user-profile/:cognitoId',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Read your own profile',
        security: [{ bearer: [] }],
        params,
        response: { 200: ZGetUserProfileResponse, ...errors },
      },
    },
    async (request) => ({ user: await profiles.get(caller(request), request.params.cognitoId) }),
  );

  app.post(
    '/user-profile',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Finish onboarding: role and organisation master data',
        description: 'A sponsor may give the organisation name alone; the address follows when needed.',
        security: [{ bearer: [] }],
        body: ZOnboardingRequest,
        response: { 201: ZGetUserProfileResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = await profiles.completeOnboarding(caller(request), request.body);
      return reply.status(201).send({ user });
    },
  );

  app.put(
    '/user-profile/:cognitoId',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Change your role or your organisation master data',
        security: [{ bearer: [] }],
        params,
        body: ZUpdateUserProfileRequest,
        response: { 200: ZGetUserProfileResponse, ...errors },
      },
    },
    async (request) => ({ user: await profiles.update(caller(request), request.params.cognitoId, request.body) }),
  );
};
