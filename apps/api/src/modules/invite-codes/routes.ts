// GET /invite/{code}: the registration form's convenience check (spec section 7). The sign-up
// itself checks and counts the code again on the server.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INVITATION_CODE_MAX, ZApiError, ZCheckInviteCodeResponse } from '@sp/shared';
import { fail } from '../../lib/errors.ts';
import type { InviteCodesRepository } from './repository.ts';

export const inviteCodesRoutes: FastifyPluginAsyncZod<{ inviteCodes: InviteCodesRepository }> = async (
  app,
  { inviteCodes },
) => {
  app.get(
    '/invite/:code',
    {
      schema: {
        tags: ['registration'],
        summary: 'Check an invitation code',
        params: z.object({ code: z.string() }),
        response: { 200: ZCheckInviteCodeResponse, 404: ZApiError },
      },
    },
    async (request) => {
      const { code } = request.params;
      // Odd input (too long, empty, unicode) is simply not a code: 404, never a 5xx.
      if (code.length === 0 || code.length > INVITATION_CODE_MAX)
        throw fail('invitation-code.invalid', 'Invalid invitation code');
      const found = await inviteCodes.findUsable(code);
      if (!found) throw fail('invitation-code.invalid', 'Invalid invitation code');
      return { valid: true as const };
    },
  );
};
