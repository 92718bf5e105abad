// Webhook calls under /api (decision 111), the owner of the caller's own organisation only: there is
// no organisation id to name another's, and an endpoint or delivery id of another organisation is
// not found.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZCreateWebhookRequest,
  ZListWebhookDeliveriesResponse,
  ZListWebhooksResponse,
  ZUpdateWebhookRequest,
  ZWebhookEndpoint,
  ZWebhookTestResponse,
  ZWebhookWithSecret,
} from '@sp/shared';
import { requireUser } from '../../plugins/authenticate.ts';
import type { WebhooksService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 422: ZApiError };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const tags = ['webhooks'];
const security = [{ bearer: [] }];

const owner = (request: FastifyRequest) => {
  const user = requireUser(request);
  return { sub: user.sub, email: user.email };
};

export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (app, { webhooks }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/webhooks',
    {
      schema: {
        tags,
        summary: "The organisation's webhook endpoints with the last day's deliveries (owner only)",
        security,
        response: { 200: ZListWebhooksResponse, ...errors },
      },
    },
    async (request) => webhooks.list(owner(request)),
  );

  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        summary: 'Add an endpoint; the answer shows its signing secret once',
        description:
          'Messages follow Standard Webhooks: headers webhook-id, webhook-timestamp and webhook-signature ' +
          '(`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the base64 key after `whsec_`).',
        security,
        body: ZCreateWebhookRequest,
        response: { 201: ZWebhookWithSecret, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await webhooks.create(owner(request), request.body)),
  );

  app.patch(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Change an endpoint: address, description, event types, switched on or off',
        security,
        params: idParams,
        body: ZUpdateWebhookRequest,
        response: { 200: ZWebhookEndpoint, ...errors },
      },
    },
    async (request) => webhooks.update(owner(request), request.params.id, request.body),
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Remove an endpoint and its delivery log',
        security,
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await webhooks.remove(owner(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        summary: 'A new signing secret, shown once; the old one signs beside it for 24 hours',
        security,
        params: idParams,
        response: { 200: ZWebhookWithSecret, ...errors },
      },
    },
    async (request) => webhooks.rotate(owner(request), request.params.id),
  );

  app.post(
    '/webhooks/:id/test',
    {
      schema: {
        tags,
        summary: 'Queue a `webhook.test` message to the endpoint',
        security,
        params: idParams,
        response: { 202: ZWebhookTestResponse, ...errors },
      },
    },
    async (request, reply) => reply.status(202).send(await webhooks.test(owner(request), request.params.id)),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: "The endpoint's last 50 deliveries with the receiver's answers",
        security,
        params: idParams,
        response: { 200: ZListWebhookDeliveriesResponse, ...errors },
      },
    },
    async (request) => webhooks.deliveries(owner(request), request.params.id),
  );

  app.post(
    '/webhook-deliveries/:id/retry',
    {
      schema: {
        tags,
        summary: 'Send a delivery that failed for good once more (as new: all attempts again)',
        security,
        params: idParams,
        response: { 200: ZWebhookTestResponse, ...errors },
      },
    },
    async (request) => webhooks.retry(owner(request), request.params.id),
  );
};
