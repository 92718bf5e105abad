// Invoice calls under /api (the route list is at the top of packages/shared/src/schemas/invoices.ts):
// the organiser's (bearer) and those both parties use (bearer, or the sponsor's invitation link as
// `Authorization: <token>:<email>`): a sponsorship's invoices, one invoice and its documents.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZCreateInvoiceRequest,
  ZEventDraftsResponse,
  type EventDraftsResponse,
  ZInvoiceListQuery,
  ZInvoiceListResponse,
  ZInvoiceNumbers,
  ZInvoicePatch,
  ZInvoicePaymentDetails,
  ZInvoiceResponse,
  ZPaymentInput,
} from '@sp/shared';
import { authenticateUserOrGuest, requireUser, sponsorGuestOf } from '../../plugins/authenticate.ts';
import type { SponsorshipCaller } from '../sponsorships/index.ts';
import { CONTENT_TYPES, type DocumentKind } from './documents.ts';
import type { InvoiceReads } from './reads.ts';
import type { InvoicesService, Organiser } from './service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const tags = ['invoices'];

function callerOf(request: FastifyRequest): SponsorshipCaller {
  const guest = request.user ? null : sponsorGuestOf(request);
  if (guest) return { kind: 'guest', guest };
  const user = requireUser(request);
  return { kind: 'user', sub: user.sub, email: user.email };
}

/** An ASCII file name for Content-Disposition (numbers are made from a format the owner typed). */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

export const invoicesRoutes: FastifyPluginAsyncZod<{
  service: InvoicesService;
  reads: InvoiceReads;
  eventDrafts: (caller: Organiser, eventId: number) => Promise<EventDraftsResponse>;
  remind: (caller: Organiser, id: number) => Promise<void>;
  /** Tells the sponsorship's parties' live screens that its invoices changed. */
  announce: (sponsorshipId: number) => Promise<void>;
}> = async (app, { service, reads, eventDrafts, remind, announce }) => {
  const announced = async <T extends { sponsorship_id: number }>(invoice: T): Promise<T> => {
    await announce(invoice.sponsorship_id);
    return invoice;
  };
  const bearer = [{ bearer: [] }];

  app.get(
    '/organisation/:id/invoices',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The organisation's invoices (filters: event_id, status)",
        security: bearer,
        params: idParams,
        querystring: ZInvoiceListQuery,
        response: { 200: ZInvoiceListResponse, ...errors },
      },
    },
    async (request) => reads.forOrganisation(requireUser(request), request.params.id, request.query),
  );

  app.get(
    '/organisation/:id/invoices.csv',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The organisation's invoices as CSV",
        security: bearer,
        params: idParams,
        querystring: ZInvoiceListQuery,
      },
    },
    async (request, reply) => {
      const csv = await reads.csv(requireUser(request), request.params.id, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="invoices.csv"')
        .send(csv);
    },
  );

  app.get(
    '/organisation/:id/invoice-numbers',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Invoiced, paid and outstanding per event and in total',
        security: bearer,
        params: idParams,
        response: { 200: ZInvoiceNumbers, ...errors },
      },
    },
    async (request) => reads.numbers(requireUser(request), request.params.id),
  );

  app.post(
    '/sponsorships/:id/invoices',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'A draft invoice from a confirmed sponsorship (a further one beside an unpaid one on request)',
        security: bearer,
        params: idParams,
        body: ZCreateInvoiceRequest.nullish(),
        response: { 201: ZInvoiceResponse, ...errors },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const id = await service.createDraft(caller, request.params.id, {
        further: request.body?.further_invoice === true,
      });
      return reply.code(201).send({ invoice: await announced(await reads.organiserOne(caller, id)) });
    },
  );

  app.post(
    '/event/:id/invoice-drafts',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'A draft for every confirmed sponsorship of the event not invoiced yet',
        security: bearer,
        params: idParams,
        response: { 201: ZEventDraftsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const drafts = await eventDrafts(requireUser(request), request.params.id);
      for (const made of drafts.created) await announce(made.sponsorship_id);
      return reply.code(201).send(drafts);
    },
  );

  app.patch(
    '/invoices/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "Changes a draft's date, lines, VAT choice, note or language",
        security: bearer,
        params: idParams,
        body: ZInvoicePatch,
        response: { 200: ZInvoiceResponse, ...errors },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      await service.patch(caller, request.params.id, request.body);
      return { invoice: await announced(await reads.organiserOne(caller, request.params.id)) };
    },
  );

  app.delete(
    '/invoices/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Deletes a draft (never an issued invoice)',
        security: bearer,
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await announced(await service.deleteDraft(requireUser(request), request.params.id));
      return reply.code(204).send(null);
    },
  );

  const action = (
    path: string,
    summary: string,
    run: (caller: ReturnType<typeof requireUser>, id: number) => Promise<number | void>,
    created = false,
  ) =>
    app.post(
      path,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary,
          security: bearer,
          params: idParams,
          response: { 200: ZInvoiceResponse, 201: ZInvoiceResponse, ...errors },
        },
      },
      async (request, reply) => {
        const caller = requireUser(request);
        const made = await run(caller, request.params.id);
        const invoice = await announced(
          await reads.organiserOne(caller, typeof made === 'number' ? made : request.params.id),
        );
        return created ? reply.code(201).send({ invoice }) : { invoice };
      },
    );
  action('/invoices/:id/issue', 'Issues a draft: the next number, the documents, the e-mail to the buyer', (c, id) =>
    service.issue(c, id),
  );
  action(
    '/invoices/:id/cancel',
    'Cancels an issued invoice by a cancellation invoice (answered)',
    (c, id) => service.cancel(c, id),
    true,
  );
  action('/invoices/:id/send', 'Mails an issued invoice to the buyer again', (c, id) => service.resend(c, id));
  action('/invoices/:id/remind', "Sends an overdue invoice's next payment reminder now (one a day)", remind);

  app.post(
    '/invoices/:id/payments',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Records a (partial) payment',
        security: bearer,
        params: idParams,
        body: ZPaymentInput,
        response: { 200: ZInvoiceResponse, ...errors },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      await service.addPayment(caller, request.params.id, request.body);
      return { invoice: await announced(await reads.organiserOne(caller, request.params.id)) };
    },
  );

  app.post(
    '/invoices/:id/refunds',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Records money paid back to the sponsor (before a paid invoice is cancelled)',
        security: bearer,
        params: idParams,
        body: ZPaymentInput,
        response: { 200: ZInvoiceResponse, ...errors },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      await service.addRefund(caller, request.params.id, request.body);
      return { invoice: await announced(await reads.organiserOne(caller, request.params.id)) };
    },
  );

  await app.register(async (scope) => {
    const parties = scope.withTypeProvider<ZodTypeProvider>();
    parties.addHook('onRequest', (request, reply) => authenticateUserOrGuest(app, request, reply));
    const security: Array<Record<string, string[]>> = [{ bearer: [] }, {}];

    parties.get(
      '/sponsorships/:id/invoices',
      {
        schema: {
          tags,
          summary: "A sponsorship's invoices (the sponsor sees issued ones)",
          description: 'For both parties; the sponsor may use `Authorization: <token>:<email>` of their link.',
          security,
          params: idParams,
          response: { 200: ZInvoiceListResponse, ...errors },
        },
      },
      async (request) => reads.forSponsorship(callerOf(request), request.params.id),
    );

    parties.get(
      '/invoices/:id',
      {
        schema: {
          tags,
          summary: 'One invoice',
          security,
          params: idParams,
          response: { 200: ZInvoiceResponse, ...errors },
        },
      },
      async (request) => ({ invoice: await reads.one(callerOf(request), request.params.id) }),
    );

    parties.get(
      '/invoices/:id/payment-details',
      {
        schema: {
          tags,
          summary: 'How to pay an issued invoice: bank details, reference, open amount, GiroCode',
          security,
          params: idParams,
          response: { 200: ZInvoicePaymentDetails, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return reads.paymentDetails(callerOf(request), request.params.id);
      },
    );

    const download = (path: string, kind: DocumentKind, summary: string) =>
      parties.get(path, { schema: { tags, summary, security, params: idParams } }, async (request, reply) => {
        const { bytes, filename } = await reads.document(callerOf(request), request.params.id, kind);
        return reply
          .header('content-type', CONTENT_TYPES[kind])
          .header('content-disposition', `attachment; filename="${safeName(filename)}"`)
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(bytes));
      });
    download('/invoices/:id/invoice.pdf', 'pdf', 'The readable invoice PDF (with GiroCode)');
    download('/invoices/:id/zugferd.pdf', 'zugferd', 'The ZUGFeRD / Factur-X PDF (EN 16931, PDF/A-3)');
    download('/invoices/:id/xrechnung.xml', 'xml', 'The XRechnung 3.0 XML (CII)');
  });
};
