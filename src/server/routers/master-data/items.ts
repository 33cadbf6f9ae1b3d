import { z } from 'zod';
import { ZCreateItemInput, ZItem, ZItemKey, ZUpdateItemInput } from '../../../shared/schemas/item';
import { ZCreateResourceInput, ZResource, ZResourceKey, ZUpdateResourceInput } from '../../../shared/schemas/resource';
import { adminListDescription, adminPage, ZAdminListInput } from '../../../shared/admin-paging';
import { ZSearchInput } from '../../../shared/schemas/search';
import { itemService, resourceService, type NoRecordService } from '../../services/master-data/items';
import { adminProcedure, authedProcedure, router } from '../../trpc';

/** Items and resources: the same calls at /api/item and /api/resource (spec §7). */
function noRecordRouter(
  base: '/api/item' | '/api/resource',
  tag: string,
  service: NoRecordService,
  schemas: { record: typeof ZItem; create: typeof ZCreateItemInput; update: typeof ZUpdateItemInput; key: typeof ZItemKey },
) {
  const tags = [tag];
  return router({
    list: adminProcedure
      .meta({
        rest: { method: 'GET', path: base, paged: true },
        summary: `The ${tag} of the account, one page at a time, by number or description`,
        description: adminListDescription('number', 'description'),
        tags,
      })
      .input(ZAdminListInput.optional())
      .output(adminPage(schemas.record))
      .query(({ ctx, input }) => service.list(ctx.db, ctx.actor.accountId, input)),

    single: adminProcedure
      .meta({ rest: { method: 'GET', path: `${base}/single` }, summary: 'One record by number (?no=)', tags })
      .input(schemas.key)
      .output(schemas.record)
      .query(({ ctx, input }) => service.single(ctx.db, ctx.actor.accountId, input.no)),

    search: authedProcedure
      .meta({ rest: { method: 'GET', path: `${base}/search` }, summary: 'Active records whose number or description contains q', tags })
      .input(ZSearchInput)
      .output(z.array(schemas.record))
      .query(({ ctx, input }) => service.search(ctx.db, ctx.actor.accountId, input, ctx.actor.userId)),

    create: adminProcedure
      .meta({ rest: { method: 'POST', path: base, status: 201 }, summary: 'Create; 409 when the number exists', tags })
      .input(schemas.create)
      .output(schemas.record)
      .mutation(({ ctx, input }) => service.create(ctx.db, ctx.actor.accountId, input)),

    update: adminProcedure
      .meta({ rest: { method: 'PUT', path: base }, summary: 'Update description and active (the number never changes)', tags })
      .input(schemas.update)
      .output(schemas.record)
      .mutation(({ ctx, input }) => service.update(ctx.db, ctx.actor.accountId, input)),

    delete: adminProcedure
      .meta({ rest: { method: 'DELETE', path: base, status: 204 }, summary: 'Delete with its units; 409 while open entries use it', tags })
      .input(schemas.key)
      .output(z.void())
      .mutation(async ({ ctx, input }) => {
        await service.remove(ctx.db, ctx.actor.accountId, input.no);
      }),
  });
}

export const itemRouter = noRecordRouter('/api/item', 'items', itemService, {
  record: ZItem,
  create: ZCreateItemInput,
  update: ZUpdateItemInput,
  key: ZItemKey,
});

export const resourceRouter = noRecordRouter('/api/resource', 'resources', resourceService, {
  record: ZResource,
  create: ZCreateResourceInput,
  update: ZUpdateResourceInput,
  key: ZResourceKey,
});
