import { z } from 'zod';
import { ZCreateJobInput, ZJob, ZJobKey, ZUpdateJobInput } from '../../../shared/schemas/job';
import { ZCreateJobTaskInput, ZJobTask, ZJobTaskKey, ZJobTaskListInput, ZUpdateJobTaskInput } from '../../../shared/schemas/job-task';
import { adminListDescription, adminPage, ZAdminListInput } from '../../../shared/admin-paging';
import { ZJobSearchInput, ZJobTaskSearchInput } from '../../../shared/schemas/search';
import { jobService, jobTaskService } from '../../services/master-data/jobs';
import { adminProcedure, authedProcedure, router } from '../../trpc';

const jobTags = ['jobs'];

export const jobRouter = router({
  list: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/job', paged: true },
      summary: 'The jobs of the account with the bill-to customer name, one page at a time, by code or description',
      description: adminListDescription('code', 'description'),
      tags: jobTags,
    })
    .input(ZAdminListInput.optional())
    .output(adminPage(ZJob))
    .query(({ ctx, input }) => jobService.list(ctx.db, ctx.actor.accountId, input)),

  single: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/job/single' }, summary: 'One job (?code=)', tags: jobTags })
    .input(ZJobKey)
    .output(ZJob)
    .query(({ ctx, input }) => jobService.single(ctx.db, ctx.actor.accountId, input.code)),

  search: authedProcedure
    .meta({
      rest: { method: 'GET', path: '/api/job/search' },
      summary: 'Active jobs whose code or description contains q; ?customerNo= only jobs billed to it',
      tags: jobTags,
    })
    .input(ZJobSearchInput)
    .output(z.array(ZJob))
    .query(({ ctx, input }) => jobService.search(ctx.db, ctx.actor.accountId, input, ctx.actor.userId)),

  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/job', status: 201 }, summary: 'Create; the bill-to customer must be active; 409 when the code exists', tags: jobTags })
    .input(ZCreateJobInput)
    .output(ZJob)
    .mutation(({ ctx, input }) => jobService.create(ctx.db, ctx.actor.accountId, input)),

  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/job' }, summary: 'Update (the code never changes)', tags: jobTags })
    .input(ZUpdateJobInput)
    .output(ZJob)
    .mutation(({ ctx, input }) => jobService.update(ctx.db, ctx.actor.accountId, input)),

  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/job', status: 204 }, summary: 'Delete; 409 while it has tasks or entries', tags: jobTags })
    .input(ZJobKey)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await jobService.remove(ctx.db, ctx.actor.accountId, input.code);
    }),
});

const taskTags = ['job tasks'];

export const jobTaskRouter = router({
  list: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/jobtask/all', mayNotFind: true },
      summary: 'The tasks of a job (?jobCode=), by code; with `updatedSince` (jobCode then optional) those changed after it (a sync)',
      tags: taskTags,
    })
    .input(ZJobTaskListInput)
    .output(z.array(ZJobTask))
    .query(({ ctx, input }) => jobTaskService.list(ctx.db, ctx.actor.accountId, input.jobCode, input.updatedSince)),

  single: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/jobtask/single' }, summary: 'One job task (?jobCode=&code=)', tags: taskTags })
    .input(ZJobTaskKey)
    .output(ZJobTask)
    .query(({ ctx, input }) => jobTaskService.single(ctx.db, ctx.actor.accountId, input.jobCode, input.code)),

  search: authedProcedure
    .meta({ rest: { method: 'GET', path: '/api/jobtask/search' }, summary: 'Active tasks of a job (?jobCode=) matching q', tags: taskTags })
    .input(ZJobTaskSearchInput)
    .output(z.array(ZJobTask))
    .query(({ ctx, input }) => jobTaskService.search(ctx.db, ctx.actor.accountId, input)),

  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/jobtask', status: 201 }, summary: 'Create; 404 without the job, 409 when the code exists', tags: taskTags })
    .input(ZCreateJobTaskInput)
    .output(ZJobTask)
    .mutation(({ ctx, input }) => jobTaskService.create(ctx.db, ctx.actor.accountId, input)),

  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/jobtask' }, summary: 'Update description and active (the code never changes)', tags: taskTags })
    .input(ZUpdateJobTaskInput)
    .output(ZJobTask)
    .mutation(({ ctx, input }) => jobTaskService.update(ctx.db, ctx.actor.accountId, input)),

  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/jobtask', status: 204 }, summary: 'Delete; 409 while open entries use it', tags: taskTags })
    .input(ZJobTaskKey)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await jobTaskService.remove(ctx.db, ctx.actor.accountId, input.jobCode, input.code);
    }),
});
