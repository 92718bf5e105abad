// The bulk jobs of an event's invoices (decision 093; the route list is at the top of
// packages/shared/src/schemas/invoices.ts): start one, and read the latest of each kind.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZInvoiceJobResponse, ZInvoiceJobsResponse, ZInvoiceJobStart } from '@sp/shared';
import { requireUser } from '../../plugins/authenticate.ts';
import { wireJob } from './jobs-repository.ts';
import type { InvoiceJobs } from './jobs.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const tags = ['invoices'];

export const invoiceJobsRoutes: FastifyPluginAsyncZod<{ jobs: InvoiceJobs }> = async (app, { jobs }) => {
  const bearer = [{ bearer: [] }];
  app.post(
    '/event/:id/invoice-jobs',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Starts issuing every draft of the event, or sending every issued invoice again, as a job',
        security: bearer,
        params: idParams,
        body: ZInvoiceJobStart,
        response: { 202: ZInvoiceJobResponse, ...errors },
      },
    },
    async (request, reply) => {
      const job = await jobs.begin(requireUser(request), request.params.id, request.body.kind);
      return reply.code(202).send({ job: wireJob(job) });
    },
  );
  app.get(
    '/event/:id/invoice-jobs',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The event's latest invoice job of each kind, with each item's result",
        security: bearer,
        params: idParams,
        response: { 200: ZInvoiceJobsResponse, ...errors },
      },
    },
    async (request) => ({ jobs: (await jobs.latest(requireUser(request), request.params.id)).map(wireJob) }),
  );
};
