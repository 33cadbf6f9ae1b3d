import { z } from 'zod';
import { ZSearchInput } from '../../../shared/schemas/search';
import { ZCreateWorkTypeInput, ZUpdateWorkTypeInput, ZWorkType, ZWorkTypeKey } from '../../../shared/schemas/work-type';
import { workTypeService } from '../../services/master-data/work-types';
import { adminProcedure, authedProcedure, router } from '../../trpc';
import { ZSinceInput } from '../../../shared/schemas/master-data';

const tags = ['work types'];

export const workTypeRouter = router({
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/worktype' }, summary: 'All work types of the account, by code; `updatedSince` keeps those changed after it (a sync)', tags })
    .input(ZSinceInput.optional())
    .output(z.array(ZWorkType))
    .query(({ ctx, input }) => workTypeService.list(ctx.db, ctx.actor.accountId, input?.updatedSince)),

  single: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/worktype/single' }, summary: 'One work type (?code=)', tags })
    .input(ZWorkTypeKey)
    .output(ZWorkType)
    .query(({ ctx, input }) => workTypeService.single(ctx.db, ctx.actor.accountId, input.code)),

  search: authedProcedure
    .meta({ rest: { method: 'GET', path: '/api/worktype/search' }, summary: 'Active work types whose code or description contains q', tags })
    .input(ZSearchInput)
    .output(z.array(ZWorkType))
    .query(({ ctx, input }) => workTypeService.search(ctx.db, ctx.actor.accountId, input, ctx.actor.userId)),

  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/worktype', status: 201 }, summary: 'Create; 409 when the code exists', tags })
    .input(ZCreateWorkTypeInput)
    .output(ZWorkType)
    .mutation(({ ctx, input }) => workTypeService.create(ctx.db, ctx.actor.accountId, input)),

  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/worktype' }, summary: 'Update (the code never changes)', tags })
    .input(ZUpdateWorkTypeInput)
    .output(ZWorkType)
    .mutation(({ ctx, input }) => workTypeService.update(ctx.db, ctx.actor.accountId, input)),

  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/worktype', status: 204 }, summary: 'Delete; 409 while open entries use it', tags })
    .input(ZWorkTypeKey)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await workTypeService.remove(ctx.db, ctx.actor.accountId, input.code);
    }),
});
