// Billing settings under /api: organisers read them, the organisation's owner saves them (bearer).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZBillingSettingsInput, ZBillingSettingsResponse } from '@sp/shared';
import { requireUser } from '../../plugins/authenticate.ts';
import type { BillingService } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const tags = ['invoices'];

export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (app, { billing }) => {
  const security = [{ bearer: [] }];
  app.get(
    '/organisation/:id/billing-settings',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The organisation's billing settings and its master data (organisers)",
        security,
        params: idParams,
        response: { 200: ZBillingSettingsResponse, ...errors },
      },
    },
    async (request) => billing.get(requireUser(request), request.params.id),
  );
  app.put(
    '/organisation/:id/billing-settings',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Saves the organisation's billing settings (its owner)",
        security,
        params: idParams,
        body: ZBillingSettingsInput,
        response: { 200: ZBillingSettingsResponse, ...errors },
      },
    },
    async (request) => billing.put(requireUser(request), request.params.id, request.body),
  );
};
