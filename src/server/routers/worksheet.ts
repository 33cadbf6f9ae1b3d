import { z } from 'zod';
import {
  ZApproveWorksheetInput,
  ZBulkApproveInput,
  ZBulkApproveResult,
  ZCreateWorksheetInput,
  ZDeleteWorksheetInput,
  ZHistory,
  ZUpdateWorksheetInput,
  ZWorksheetFormSettings,
  ZWorksheetIdInput,
  ZWorksheetListInput,
  ZWorksheetPage,
  ZWorksheetTotalsInput,
  ZListTotals,
  ZWorksheetRecord,
} from '../../shared/schemas/worksheet';
import { ZCopyWorksheetInput, ZCopyWorksheetResult } from '../../shared/schemas/worksheet-copy';
import { ZReturnWorksheetInput, ZReturnWorksheetResult } from '../../shared/schemas/worksheet-return';
import { returnWorksheetRecords } from '../services/worksheet-return';
import { BULK_APPROVE_MAX, COPY_MAX, RETURN_REASON_MAX } from '../../shared/limits';
import { approveWorksheetRecord, bulkApproveWorksheetRecords } from '../services/worksheet-approve';
import { copyWorksheetRecords } from '../services/worksheet-copy';
import { getWorksheetRecord, listWorksheet, listWorksheetTotals, worksheetFormSettings, worksheetHistory } from '../services/worksheet-read';
import { createWorksheetRecord, deleteWorksheetRecord, updateWorksheetRecord } from '../services/worksheet-write';
import { ZWorksheetWeek, ZWorksheetWeekInput } from '../../shared/schemas/worksheet-week';
import { worksheetWeek, worksheetWeekUsers } from '../services/worksheet-week';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../shared/limits';
import { authedProcedure } from '../trpc';

const tags = ['worksheet'];

/** What the schema cannot say: requirements that follow the account's settings (spec §4–§5). */
const ACCOUNT_RULES = [
  'Which fields are required beyond the schema follows the account’s settings (`GET /api/account`):',
  '`customerNo` when `showCustomer` is on; `jobTaskCode`, `locationCode` and `workTypeCode` when shown and their `mandatory…` flag is on.',
  'With `resourceUnits` Time a Resource entry takes `timeFrom`/`timeTo` (15-minute steps) and the server computes `quantity`;',
  'otherwise `quantity` is required. A work type with a unit of measure fixes `unitOfMeasureCode`. A refusal names the field in',
  '`errors`/`errorCodes` (400); an inactive or unknown code is a 400 on its field.',
].join(' ');

/** Worksheet procedures (spec §7 /api/worksheet...), merged into the `worksheet` router. */
export const worksheetRouter = {
  list: authedProcedure
    .meta({
      rest: { method: 'GET', path: '/api/worksheet', paged: true },
      summary: 'Entries grouped by day, newest first, one page at a time. Unexported by default; exported=true with from/to/customerNo/jobCode is the archive',
      description: [
        'Paged with a keyset cursor (issue 9). The body is an array of day groups `{ key, worksheet }` as in spec §7,',
        `newest day first, holding at most \`limit\` entries (default ${PAGE_SIZE_DEFAULT}, at most ${PAGE_SIZE_MAX}; more answers 400).`,
        '',
        'When more entries follow, the answer has an RFC 8288 header `Link: </api/worksheet?…&cursor=…>; rel="next"`:',
        'request that URI (relative to this one) for the next page, and repeat until an answer has no `Link` header.',
        'A day can continue on the next page: merge groups with the same `key`. The cursor is opaque; a cursor this',
        'server did not write answers 400. Every filter of the first request is kept in the link.',
        '',
        'Filters (issue 23): `username` (one person: on TEAM a user of the caller’s team, on YOURS only the caller), `customerNo`, `jobCode`,',
        '`from`/`to`, `status` (`notApproved`, `approved`, `all`). A name that does not exist in the account, a person outside the team,',
        'or a date out of range answers 400 naming the field — never a wider list.',
        '',
        'An archive request without from/to is paged like any other. The totals of the whole selection (entries and',
        'quantity sums per unit of measure) are at GET /api/worksheet/totals with the same filters.',
      ].join('\n'),
      tags,
    })
    .input(ZWorksheetListInput)
    .output(ZWorksheetPage)
    .query(({ ctx, input }) => listWorksheet(ctx.db, ctx.actor, input)),

  totals: authedProcedure
    .meta({
      rest: { method: 'GET', path: '/api/worksheet/totals' },
      summary: 'Totals of a whole list selection (every page): entries, and quantity sums per unit of measure',
      description: 'Takes the filters of GET /api/worksheet (mode, exported, from, to, customerNo, jobCode, username, status; the same 400s); computed in SQL.',
      tags,
    })
    .input(ZWorksheetTotalsInput)
    .output(ZListTotals)
    .query(({ ctx, input }) => listWorksheetTotals(ctx.db, ctx.actor, input)),

  week: authedProcedure
    .meta({
      rest: { method: 'GET', path: '/api/worksheet/week', mayForbid: true, mayNotFind: true },
      summary: 'One user’s ISO week: rows of job + task + unit + work type with sums per day (Monday–Sunday), row totals and totals per unit of measure',
      description: [
        'Summed in SQL over open and exported entries of the week. Units of measure are never added together: `totals` has one line per unit.',
        '`username` omitted = the caller; a Teamleader may name a user of their team, an Admin any user of the account (403 otherwise, 404 for an unknown user).',
      ].join(' '),
      tags,
    })
    .input(ZWorksheetWeekInput)
    .output(ZWorksheetWeek)
    .query(({ ctx, input }) => worksheetWeek(ctx.db, ctx.actor, input)),

  weekUsers: authedProcedure
    .meta({ summary: 'Usernames whose week the caller may open: an Admin every user, a Teamleader the team, a Basic user only themself', tags })
    .output(z.array(z.string()))
    .query(({ ctx }) => worksheetWeekUsers(ctx.db, ctx.actor)),

  get: authedProcedure
    .meta({ rest: { method: 'GET', path: '/api/worksheet/{id}' }, summary: 'One worksheet record', tags })
    .input(ZWorksheetIdInput)
    .output(ZWorksheetRecord)
    .query(({ ctx, input }) => getWorksheetRecord(ctx.db, ctx.actor, input.id)),

  history: authedProcedure
    .meta({ rest: { method: 'GET', path: '/api/worksheet/{id}/history', mayForbid: true }, summary: 'The audit trail of a record (who, when, what changed)', tags })
    .input(ZWorksheetIdInput)
    .output(ZHistory)
    .query(({ ctx, input }) => worksheetHistory(ctx.db, ctx.actor, input.id)),

  formSettings: authedProcedure
    .meta({ summary: 'Account settings and user defaults for the entry form', tags })
    .output(ZWorksheetFormSettings)
    .query(({ ctx }) => worksheetFormSettings(ctx.db, ctx.actor)),

  create: authedProcedure
    .meta({
      rest: { method: 'POST', path: '/api/worksheet', status: 201, multipart: true },
      summary: 'Create a record: JSON, or multipart form fields plus photos in `attachments`',
      description: ACCOUNT_RULES,
      tags,
    })
    .input(ZCreateWorksheetInput)
    .output(ZWorksheetRecord)
    .mutation(({ ctx, input }) => createWorksheetRecord(ctx.db, ctx.actor, input, ctx.files)),

  copy: authedProcedure
    .meta({
      rest: { method: 'POST', path: '/api/worksheet/copy', status: 201 },
      summary: 'Copy entries to a date or a week as new unapproved entries (dryRun: preview only)',
      description: [
        'Issue 22 §5. `toDate`: every copy lands on that date (copy an entry or a day). `toWeek` (`YYYY-Www`, or a date of the week):',
        'each copy lands on its source’s weekday of that week (copy a week). Give exactly one of them.',
        'Copies belong to the source entry’s owner, keep times, quantity, description and codes, are unapproved and carry no photos.',
        'Each copy passes the create rules of POST /api/worksheet (an inactive code, or a mandatory field now on, answers 400 `COPY_ENTRY_REFUSED` naming the entry);',
        'each emits `worksheet.created`. One transaction: all or nothing.',
        `At most ${COPY_MAX} ids (more: 400 \`COPY_TOO_MANY\` before any work). An id that does not exist, is another account’s or the caller cannot see: 404 \`COPY_NOT_FOUND\`.`,
        'A target day on which the owner already has exported entries is locked: 409 `COPY_TARGET_EXPORTED`.',
        '`dryRun: true` runs every check and answers `preview` with `created` empty, writing nothing (still 201).',
        'Send an `Idempotency-Key` on the real call so that a retry does not copy twice.',
      ].join(' '),
      tags,
    })
    .input(ZCopyWorksheetInput)
    .output(ZCopyWorksheetResult)
    .mutation(({ ctx, input }) => copyWorksheetRecords(ctx.db, ctx.actor, input)),

  update: authedProcedure
    .meta({
      // Idempotent (decision 0471): the offline outbox resends a queued change with its key; a replay answers the first answer.
      rest: { method: 'PUT', path: '/api/worksheet', multipart: true, idempotent: true },
      summary: 'Update a record: JSON, or multipart form fields (id, version, existingAttachments ids kept) plus new photos in `attachments`',
      description: ACCOUNT_RULES,
      tags,
    })
    .input(ZUpdateWorksheetInput)
    .output(ZWorksheetRecord)
    .mutation(({ ctx, input }) => updateWorksheetRecord(ctx.db, ctx.actor, input, ctx.files)),

  delete: authedProcedure
    .meta({
      rest: { method: 'DELETE', path: '/api/worksheet', status: 204, idempotent: true },
      summary: 'Delete a record',
      description:
        'With `version`, only that version of the record is deleted (409 `STALE` when it was changed since). An `Idempotency-Key` makes a retry answer the first answer (the offline outbox, decision 0471).',
      tags,
    })
    .input(ZDeleteWorksheetInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deleteWorksheetRecord(ctx.db, ctx.actor, input.id, input.version);
    }),

  approve: authedProcedure
    .meta({ rest: { method: 'PUT', path: '/api/worksheet/approve' }, summary: 'Approve or unapprove a record', tags })
    .input(ZApproveWorksheetInput)
    .output(ZWorksheetRecord)
    .mutation(({ ctx, input }) => approveWorksheetRecord(ctx.db, ctx.actor, input.id, input.isApproved)),

  bulkApprove: authedProcedure
    .meta({
      rest: { method: 'PUT', path: '/api/worksheet/approve/bulk', keyless: true },
      summary: 'Approve or unapprove many records at once: a list of ids, or every entry a list filter selects',
      description: [
        'Issue 23 §2. Give `ids` (1 … ' + BULK_APPROVE_MAX + ') or `filter` (the filters of GET /api/worksheet: mode, from, to, username, customerNo, jobCode, status), not both.',
        `A filter that selects more than ${BULK_APPROVE_MAX} entries answers 400 \`BULK_TOO_MANY\` on \`filter\` before any change; more than ${BULK_APPROVE_MAX} ids answer 400 on \`ids\`.`,
        'Never a 404: unknown ids are reported in `refused`. One transaction. Each entry passes the rule of PUT /api/worksheet/approve (spec §6); an entry that fails it is left alone and listed in `refused`',
        'with its reason: `NOT_FOUND` (unknown, another account’s, or not visible to the caller), `EXPORTED`, `FORBIDDEN` (e.g. a Basic user, or outside the leader’s team and jobs).',
        '`changed` lists the entries whose approval this call set or cleared (each gets its history line and one `worksheet.approved` / `worksheet.unapproved` webhook event,',
        'as the single toggle does); `unchanged` those already in that state; `people` how many owners the changed entries have.',
        '`dryRun: true` runs every check and answers the same report without changing anything (the client’s one confirmation: “Approve 23 entries of 3 people?”).',
      ].join(' '),
      tags,
    })
    .input(ZBulkApproveInput)
    .output(ZBulkApproveResult)
    .mutation(({ ctx, input }) => bulkApproveWorksheetRecords(ctx.db, ctx.actor, input)),

  return: authedProcedure
    .meta({
      rest: { method: 'POST', path: '/api/worksheet/return' },
      summary: 'Send entries back to their owners with a reason: one entry, a selection, or a person’s week',
      description: [
        'Issue 40 §1. Give `ids` (1 … ' + BULK_APPROVE_MAX + '), or `username` + `week` (`YYYY-Www`: every unexported entry of that person in the week), not both;',
        `and a \`reason\` of 1 … ${RETURN_REASON_MAX} characters (missing or longer: 400 on \`reason\`).`,
        'Each entry becomes "returned": unapproved, `returnedBy`/`returnedAt`/`returnReason` set, editable by its owner again even when a leader changed it last;',
        'a `return` line with the reason goes into its history and one `worksheet.returned` webhook event is sent. An edit of the entry clears the status, an approval too.',
        'Who: a Teamleader for entries in their TEAM scope, an Admin any; the rule of PUT /api/worksheet/approve. All or nothing: an entry the caller cannot see answers 404,',
        'an exported one 409 `EXPORTED_LOCKED`, one the caller may not approve (a Basic user) 403, one in the account’s closed period 409 `PERIOD_CLOSED` — and nothing changes.',
      ].join(' '),
      tags,
    })
    .input(ZReturnWorksheetInput)
    .output(ZReturnWorksheetResult)
    .mutation(({ ctx, input }) => returnWorksheetRecords(ctx.db, ctx.actor, input)),
};
