import { z } from 'zod';
import { ZCreatePasswordLinkInput, ZPasswordLink, ZPasswordLinkInfo, ZPasswordLinkToken, ZUsePasswordLinkInput } from '../../shared/schemas/password-link';
import { createPasswordLink, passwordLinkInfo, usePasswordLink } from '../services/password-links';
import { adminProcedure, publicProcedure, router } from '../trpc';

const tags = ['users'];

/** Issue 42 §6: set-password links for users without a password (imported ones). */
export const passwordLinkRouter = router({
  create: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/user/password-link', status: 201, secretFields: ['path'] },
      summary: 'A single-use link (7 days) with which the user sets a password; a new link retires the older ones',
      description:
        'The answer’s `path` (`/set-password#token=…`) is relative to the app’s address; give the whole address to the user. Only the token’s hash is stored: a lost link is replaced by a new one.',
      tags,
    })
    .input(ZCreatePasswordLinkInput)
    .output(ZPasswordLink)
    .mutation(({ ctx, input }) => createPasswordLink(ctx.db, ctx.actor, input.username)),

  info: publicProcedure
    .meta({
      rest: { method: 'POST', path: '/api/user/password-link/info' },
      summary: 'Whose a set-password link is, while it works; otherwise 400 PASSWORD_LINK_INVALID, PASSWORD_LINK_USED or PASSWORD_LINK_EXPIRED',
      tags,
    })
    .input(ZPasswordLinkToken)
    .output(ZPasswordLinkInfo)
    .mutation(({ ctx, input }) => passwordLinkInfo(ctx.db, input.token)),

  use: publicProcedure
    .meta({
      rest: { method: 'POST', path: '/api/user/password-link/use', status: 204 },
      summary: 'Sets the password with a set-password link (once); the user then signs in',
      tags,
    })
    .input(ZUsePasswordLinkInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await usePasswordLink(ctx.db, input);
    }),
});
