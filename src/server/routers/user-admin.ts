import { z } from 'zod';
import { ZChangePasswordInput, ZCreateUserInput, ZUpdateUserInput, ZUser, ZUserList, ZUsernameInput } from '../../shared/schemas/user';
import { changePassword, createUser, deleteUser, getUser, listUsers, updateUser } from '../services/users';
import { adminProcedure } from '../trpc';
import { ZSinceInput } from '../../shared/schemas/master-data';

const tags = ['users'];

/**
 * User administration (spec §7 /api/user...), merged into the `user` router next to login, logout
 * and info. Admin or the API key; other accounts' users answer 404.
 */
export const userAdminProcedures = {
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/user' }, summary: 'Users of the account; `updatedSince` keeps those changed after it (a sync)', tags })
    .input(ZSinceInput.optional())
    .output(ZUserList)
    .query(({ ctx, input }) => listUsers(ctx.db, ctx.actor, input?.updatedSince)),

  single: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/user/single' }, summary: 'One user by username', tags })
    .input(ZUsernameInput)
    .output(ZUser)
    .query(({ ctx, input }) => getUser(ctx.db, ctx.actor, input.username)),

  create: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/user', status: 201 },
      summary: 'Create a user; usernames are unique across the installation (409)',
      tags,
    })
    .input(ZCreateUserInput)
    .output(ZUser)
    .mutation(({ ctx, input }) => createUser(ctx.db, ctx.actor, input)),

  update: adminProcedure
    .meta({
      rest: { method: 'PUT', path: '/api/user' },
      summary: 'Update a user; fields left out keep their value. Not your own role, expiration or active flag.',
      tags,
    })
    .input(ZUpdateUserInput)
    .output(ZUser)
    .mutation(({ ctx, input }) => updateUser(ctx.db, ctx.actor, input)),

  delete: adminProcedure
    .meta({
      rest: { method: 'DELETE', path: '/api/user', status: 204 },
      summary: 'Delete a user without worksheet entries (else 409: deactivate instead); not yourself',
      tags,
    })
    .input(ZUsernameInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deleteUser(ctx.db, ctx.actor, input.username);
    }),

  changePassword: adminProcedure
    .meta({
      rest: { method: 'PUT', path: '/api/user/change-password', status: 204 },
      summary: "Set a user's password; ends that user's other sessions",
      tags,
    })
    .input(ZChangePasswordInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.db, ctx.actor, input);
    }),
};
