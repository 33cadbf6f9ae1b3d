import { z } from 'zod';
import { ZCreateLocationInput, ZDeleteLocationInput, ZLocation, ZLocationKey, ZUpdateLocationInput } from '../../../shared/schemas/location';
import { ZSearchInput } from '../../../shared/schemas/search';
import { locationService } from '../../services/master-data/locations';
import { adminProcedure, authedProcedure, router } from '../../trpc';
import { ZSinceInput } from '../../../shared/schemas/master-data';

const tags = ['locations'];

export const locationRouter = router({
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/location' }, summary: 'All locations of the account, by code; `updatedSince` keeps those changed after it (a sync)', tags })
    .input(ZSinceInput.optional())
    .output(z.array(ZLocation))
    .query(({ ctx, input }) => locationService.list(ctx.db, ctx.actor.accountId, input?.updatedSince)),

  single: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/location/single' }, summary: 'One location (?code=)', tags })
    .input(ZLocationKey)
    .output(ZLocation)
    .query(({ ctx, input }) => locationService.single(ctx.db, ctx.actor.accountId, input.code)),

  search: authedProcedure
    .meta({ rest: { method: 'GET', path: '/api/location/search' }, summary: 'Active locations whose code or name contains q', tags })
    .input(ZSearchInput)
    .output(z.array(ZLocation))
    .query(({ ctx, input }) => locationService.search(ctx.db, ctx.actor.accountId, input)),

  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/location', status: 201 }, summary: 'Create; 409 when the code exists', tags })
    .input(ZCreateLocationInput)
    .output(ZLocation)
    .mutation(({ ctx, input }) => locationService.create(ctx.db, ctx.actor.accountId, input)),

  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/location' }, summary: 'Update active (and name); the code never changes', tags })
    .input(ZUpdateLocationInput)
    .output(ZLocation)
    .mutation(({ ctx, input }) => locationService.update(ctx.db, ctx.actor.accountId, input)),

  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/location', status: 204 }, summary: 'Delete by {id, accountId} or {code}; 409 while open entries use it', tags })
    .input(ZDeleteLocationInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await locationService.remove(ctx.db, ctx.actor.accountId, input);
    }),
});
