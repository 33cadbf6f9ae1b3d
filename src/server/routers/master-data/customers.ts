import { z } from 'zod';
import { ZCreateCustomerInput, ZCustomer, ZCustomerKey, ZUpdateCustomerInput } from '../../../shared/schemas/customer';
import { adminListDescription, adminPage, ZAdminListInput } from '../../../shared/admin-paging';
import { ZCustomerSearchInput } from '../../../shared/schemas/search';
import { customerService } from '../../services/master-data/customers';
import { adminProcedure, authedProcedure, router } from '../../trpc';

const tags = ['customers'];

export const customerRouter = router({
  list: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/customer', paged: true },
      summary: 'The customers of the account, one page at a time, by number or name',
      description: adminListDescription('number', 'name'),
      tags,
    })
    .input(ZAdminListInput.optional())
    .output(adminPage(ZCustomer))
    .query(({ ctx, input }) => customerService.list(ctx.db, ctx.actor.accountId, input)),

  single: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/customer/single' }, summary: 'One customer (?no=)', tags })
    .input(ZCustomerKey)
    .output(ZCustomer)
    .query(({ ctx, input }) => customerService.single(ctx.db, ctx.actor.accountId, input.no)),

  search: authedProcedure
    .meta({
      rest: { method: 'GET', path: '/api/customer/search' },
      summary: 'Active customers whose number or name contains q; ?jobCode= gives that job’s bill-to customer',
      tags,
    })
    .input(ZCustomerSearchInput)
    .output(z.array(ZCustomer))
    .query(({ ctx, input }) => customerService.search(ctx.db, ctx.actor.accountId, input)),

  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/customer', status: 201 }, summary: 'Create; 409 when the number exists', tags })
    .input(ZCreateCustomerInput)
    .output(ZCustomer)
    .mutation(({ ctx, input }) => customerService.create(ctx.db, ctx.actor.accountId, input)),

  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/customer' }, summary: 'Update name and active (the number never changes)', tags })
    .input(ZUpdateCustomerInput)
    .output(ZCustomer)
    .mutation(({ ctx, input }) => customerService.update(ctx.db, ctx.actor.accountId, input)),

  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/customer', status: 204 }, summary: 'Delete; 409 while jobs or open entries use it', tags })
    .input(ZCustomerKey)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await customerService.remove(ctx.db, ctx.actor.accountId, input.no);
    }),
});
