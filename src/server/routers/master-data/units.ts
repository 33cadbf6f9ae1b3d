import { z } from 'zod';
import { ZUnitSearchInput } from '../../../shared/schemas/search';
import { ZCreateUnitInput, ZUnit, ZUnitKey, ZUnitListInput, ZUpdateUnitInput } from '../../../shared/schemas/unit';
import { unitService } from '../../services/master-data/units';
import { adminProcedure, authedProcedure, router } from '../../trpc';

const tags = ['units of measure'];

export const unitRouter = router({
  codes: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/unit/codes' }, summary: 'The distinct unit-of-measure codes of the account (the choices for a work type)', tags })
    .output(z.array(z.object({ code: z.string(), description: z.string() })))
    .query(({ ctx }) => unitService.codes(ctx.db, ctx.actor.accountId)),

  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/unit/all/{unitType}' }, summary: 'Units of measure of an item or resource (?unitNo=)', tags })
    .input(ZUnitListInput)
    .output(z.array(ZUnit))
    .query(({ ctx, input }) => unitService.list(ctx.db, ctx.actor.accountId, input.unitType, input.unitNo, input.updatedSince)),

  single: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/unit/single/{unitType}' }, summary: 'One unit of measure (?unitNo=&code=)', tags })
    .input(ZUnitKey)
    .output(ZUnit)
    .query(({ ctx, input }) => unitService.single(ctx.db, ctx.actor.accountId, input)),

  search: authedProcedure
    .meta({ rest: { method: 'GET', path: '/api/unit/search' }, summary: 'Active units of measure of one item or resource matching q', tags })
    .input(ZUnitSearchInput)
    .output(z.array(ZUnit))
    .query(({ ctx, input }) => unitService.search(ctx.db, ctx.actor.accountId, input)),

  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/unit', status: 201 }, summary: 'Create; 404 without the item/resource, 409 when the code exists', tags })
    .input(ZCreateUnitInput)
    .output(ZUnit)
    .mutation(({ ctx, input }) => unitService.create(ctx.db, ctx.actor.accountId, input)),

  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/unit' }, summary: 'Update description and active (the code never changes)', tags })
    .input(ZUpdateUnitInput)
    .output(ZUnit)
    .mutation(({ ctx, input }) => unitService.update(ctx.db, ctx.actor.accountId, input)),

  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/unit', status: 204 }, summary: 'Delete; 409 while open entries use it', tags })
    .input(ZUnitKey)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await unitService.remove(ctx.db, ctx.actor.accountId, input);
    }),
});
