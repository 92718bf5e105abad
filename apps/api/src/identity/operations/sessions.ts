// GlobalSignOut and RevokeToken. Revocation is stored (the session's revoked_at, the user's
// tokens_valid_after) so the API refuses the access tokens too, not only the provider.
import { z } from 'zod';
import { assertClient, authorise } from '../context.ts';
import { unsupportedTokenType } from '../errors.ts';
import { defineOperation, Z } from '../protocol.ts';
import { hashRefreshToken } from '../tokens.ts';

export const globalSignOut = defineOperation(z.object({ AccessToken: Z.token }), async (ctx, input) => {
  const { user } = await authorise(ctx, input.AccessToken);
  const now = ctx.clock();
  await ctx.repo.db.transaction().execute(async (trx) => {
    await ctx.repo.updateUser(user.sub, { tokensValidAfter: now }, now, trx);
    await ctx.repo.revokeSessionsOfUser(user.sub, now, undefined, trx);
  });
  ctx.onRevoked?.();
  return {};
});

export const revokeToken = defineOperation(
  z.object({ Token: Z.token, ClientId: Z.clientId, ClientSecret: z.string().nullish() }),
  async (ctx, input) => {
    assertClient(ctx, input.ClientId);
    if (input.Token.split('.').length === 3) throw unsupportedTokenType('Only refresh tokens can be revoked.');
    const session = await ctx.repo.findSessionByRefreshHash(hashRefreshToken(input.Token));
    // An unknown or already revoked token is answered as revoked (RFC 7009), so clients need not retry.
    if (session && session.clientId === input.ClientId) {
      await ctx.repo.revokeSession(session.originJti, ctx.clock());
      ctx.onRevoked?.();
    }
    return {};
  },
);
