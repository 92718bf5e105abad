// The sponsor's archived agreements under /api (bearer only): the list, and each PDF. Guest links do
// not reach them: the invitation behind a link is gone with the organisation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError, ZListArchivedAgreementsResponse } from '@sp/shared';
import { sendPdf } from '../files/index.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import type { AgreementArchiveService } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const agreementArchiveRoutes: FastifyPluginAsyncZod<{ archive: AgreementArchiveService }> = async (
  app,
  { archive },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/archived-agreements',
    {
      schema: {
        tags: ['sponsorships'],
        summary: 'Your signed agreements kept after their organisation was deleted (legal retention)',
        description:
          'Signed sponsor agreements whose sponsor address is your e-mail, kept until `retain_until` ' +
          '(10 years after the end of the year of signing by default).',
        security: [{ bearer: [] }],
        response: { 200: ZListArchivedAgreementsResponse, 401: ZApiError },
      },
    },
    async (request) => archive.listMine(requireUser(request)),
  );

  app.get(
    '/archived-agreements/:id/file',
    {
      schema: {
        tags: ['sponsorships'],
        summary: 'Download one of your archived signed agreements',
        description: 'Answers the PDF as an attachment; 404 for an agreement that is not yours.',
        security: [{ bearer: [] }],
        params: idParams,
      },
    },
    async (request, reply) => {
      const file = await archive.download(requireUser(request), request.params.id);
      return sendPdf(reply, file);
    },
  );
};
