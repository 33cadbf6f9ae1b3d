import { z } from 'zod';
import { ERR } from '../errors';
import { bool, code, enumOf, id, isoDate, optionalCode, optionalIsoDate, optionalTime15, quantity, requiredText } from '../fields';
import { APPROVAL_FILTERS, SUBMISSION_FILTERS, BULK_APPROVE_MAX, MAX, MODES, UNIT_TYPES, PROFILE_TYPES } from '../limits';
import { errorToken } from '../error-tokens';
import { ZAccount } from './account';
import { pagingFields, ZListTotals } from '../paging';

import { WS_ERR } from './worksheet-errors';
export { WS_ERR, WS_FIELD_NAMES } from './worksheet-errors';

/** The body's accountId is accepted and ignored: the account comes from the session or API key. */
const ignoredAccountId = z.unknown().optional().describe('Ignored; the account is the caller’s');

const optionalQuantity = z.preprocess((v) => (v === '' || v === null ? undefined : v), quantity().optional());

const optionalPositiveInt = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z.number({ error: ERR.mustBeNumber }).int(ERR.mustBeNumber).positive(ERR.mustBeNumber).max(2147483647).optional(),
);

/**
 * existingAttachments on PUT: ids of the attachments to keep — a repeated field, a comma list or a
 * JSON array. Absent means "keep them all" (an integrator updating fields only); an empty value
 * ('' in a form) means "keep none".
 */
export const attachmentIdList = z
  .preprocess(
    (v) => {
      if (v === undefined || v === null) return undefined;
      const parts = (Array.isArray(v) ? v : [v]).flatMap((p) => (typeof p === 'string' ? p.split(',') : [p]));
      return parts
        .map((p) => (typeof p === 'string' ? p.trim() : p))
        .filter((p) => p !== '')
        .map((p) => (typeof p === 'string' && /^\d+$/.test(p) ? Number(p) : p));
    },
    z.array(z.number({ error: ERR.mustBeNumber }).int(ERR.mustBeNumber).positive(ERR.mustBeNumber).max(2147483647)).optional(),
  )
  .meta({
    'x-input': {
      description: 'Ids of the attachments to keep: an array, a repeated form field, or a comma list; empty keeps none, absent keeps all',
      anyOf: [
        { type: 'array', items: { type: 'integer', minimum: 1, maximum: 2147483647 } },
        { type: 'string', pattern: '^\\s*(\\d+\\s*(,\\s*\\d+\\s*)*)?$' },
      ],
    },
  });

/** The record fields of POST /api/worksheet (multipart fields or JSON). */
export const ZWorksheetFields = z.object({
  accountId: ignoredAccountId,
  /** The owner; default the caller. Others only as DESIGN §4 allows. */
  username: optionalCode(MAX.username).meta({
    description:
      'The owner. Required with an API key (the key belongs to no user: 400 REQUIRED without it); with a session the caller by default, another user only as a Teamleader (own team) or Admin.',
  }),
  date: isoDate(),
  customerNo: optionalCode(MAX.customerNo),
  jobCode: code(MAX.jobCode),
  jobTaskCode: optionalCode(MAX.jobTaskCode),
  locationCode: optionalCode(MAX.locationCode),
  workTypeCode: optionalCode(MAX.workTypeCode),
  unitType: enumOf(UNIT_TYPES),
  unitNo: code(Math.max(MAX.itemNo, MAX.resourceNo)),
  description: requiredText(MAX.description),
  /** HHmm, HH:mm or HH:mm:ss on 15-minute steps; only used in time mode. */
  timeFrom: optionalTime15(),
  timeTo: optionalTime15(),
  /** Required except in time mode, where the server computes it from the times. */
  quantity: optionalQuantity,
  unitOfMeasureCode: code(MAX.unitCode),
});

export const ZCreateWorksheetInput = ZWorksheetFields;
export type TCreateWorksheetInput = z.input<typeof ZCreateWorksheetInput>;
export type TWorksheetFields = z.output<typeof ZWorksheetFields>;

export const ZUpdateWorksheetInput = ZWorksheetFields.extend({
  id: id(),
  /** The version the client loaded; a different current version answers 409. */
  version: optionalPositiveInt,
  existingAttachments: attachmentIdList,
});
export type TUpdateWorksheetInput = z.input<typeof ZUpdateWorksheetInput>;
export type TUpdateWorksheetFields = z.output<typeof ZUpdateWorksheetInput>;

export const ZWorksheetIdInput = z.object({ id: id() });

/** `version` (optional): delete only that version (the grid's cleared cell, the outbox's queued removal; decision 0471). */
export const ZDeleteWorksheetInput = z.object({ id: id(), accountId: ignoredAccountId, version: optionalPositiveInt });

export const ZApproveWorksheetInput = z.object({ id: id(), accountId: ignoredAccountId, isApproved: bool() });

/** The selection of a list: the worksheet (unexported) or, with exported=true, the archive. */
export const listFilterFields = {
  mode: enumOf(MODES).optional(),
  exported: bool().optional(),
  from: optionalIsoDate().optional(),
  to: optionalIsoDate().optional(),
  customerNo: optionalCode(MAX.customerNo).optional(),
  jobCode: optionalCode(MAX.jobCode).optional(),
  /** The archive by export batch (issue 24): the entries one "download and mark as exported" moved. */
  batchId: id().optional(),
  /**
   * Issue 23 §1: one person's entries. A Teamleader on TEAM names a user of their team; on YOURS
   * only the caller; an unknown user, or one outside the team, answers 400 on `username`.
   */
  username: optionalCode(MAX.username).optional(),
  /** Issue 23 §1: notApproved / approved / all (default all); issue 40 §1: returned (sent back, not yet fixed). */
  status: enumOf(APPROVAL_FILTERS).optional(),
  /** Issue 40 §2: `submitted` — the owner's week is submitted (and not sent back); `notSubmitted` — it is not. */
  submission: enumOf(SUBMISSION_FILTERS).optional(),
};
const listFilterObject = z.object(listFilterFields);
const orderedDates = (v: { from?: string | null | undefined; to?: string | null | undefined }) => !v.from || !v.to || v.from <= v.to;

/** GET /api/worksheet: one page of the selection (issue 9). */
export const ZWorksheetListInput = z
  .object({ ...listFilterFields, ...pagingFields })
  .refine(orderedDates, { message: WS_ERR.dateRange, path: ['from'] })
  .optional();

/** GET /api/worksheet/totals: the same selection, every page. */
export const ZWorksheetTotalsInput = z
  .object(listFilterFields)
  .refine(orderedDates, { message: WS_ERR.dateRange, path: ['from'] })
  .optional();
export type TWorksheetListInput = z.input<typeof ZWorksheetListInput>;
/** The filters of a list (no paging): what "select all N matching" sends to the bulk approve. */
export const ZWorksheetListFilter = listFilterObject.refine(orderedDates, { message: WS_ERR.dateRange, path: ['from'] });
export type TWorksheetListFilter = z.input<typeof ZWorksheetListFilter>;

/**
 * PUT /api/worksheet/approve/bulk (issue 23 §2): a list of ids, or the filter of the list ("select
 * all N matching"); either way at most BULK_APPROVE_MAX entries.
 */
export const ZBulkApproveInput = z
  .object({
    accountId: ignoredAccountId,
    ids: z
      .array(id(), { error: ERR.required })
      .min(1, ERR.required)
      .max(BULK_APPROVE_MAX, errorToken('BULK_TOO_MANY', { max: BULK_APPROVE_MAX }))
      .optional()
      .meta({ description: `Ids of the entries, 1 … ${BULK_APPROVE_MAX}` }),
    filter: ZWorksheetListFilter.optional().meta({ description: `The filters of GET /api/worksheet; every entry they select (at most ${BULK_APPROVE_MAX})` }),
    isApproved: bool(),
    /** true: answer what would change (for the one confirmation "Approve 23 entries of 3 people?"), change nothing. */
    dryRun: bool().optional(),
  })
  .refine((v) => (v.ids === undefined) !== (v.filter === undefined), { message: errorToken('BULK_TARGET'), path: ['ids'] });
export type TBulkApproveInput = z.input<typeof ZBulkApproveInput>;

export const BULK_REFUSALS = ['NOT_FOUND', 'EXPORTED', 'FORBIDDEN', 'PERIOD_CLOSED'] as const;
export type BulkRefusal = (typeof BULK_REFUSALS)[number];
export const ZBulkApproveResult = z.object({
  isApproved: z.boolean(),
  dryRun: z.boolean(),
  /** How many different people own the entries in `changed`. */
  people: z.number(),
  /** Entries this call approved (or unapproved; on a dry run: would), in id order. */
  changed: z.array(z.number()),
  /** Entries that already were in that state (nothing written). */
  unchanged: z.array(z.number()),
  /** Entries left alone, each with why: NOT_FOUND (unknown, another account's or not visible), EXPORTED, FORBIDDEN, PERIOD_CLOSED (issue 40 §3). */
  refused: z.array(z.object({ id: z.number(), reason: z.enum(BULK_REFUSALS) })),
});
export type TBulkApproveResult = z.infer<typeof ZBulkApproveResult>;

export const ZAttachmentRef = z.object({ id: z.number(), fileName: z.string() });

/** A worksheet record of spec §3, plus what the UI needs to mirror the server's rules. */
export const ZWorksheetRecord = z.object({
  id: z.number(),
  accountId: z.number(),
  username: z.string(),
  date: z.string(),
  customerNo: z.string().nullable(),
  customerName: z.string().nullable(),
  jobCode: z.string(),
  jobDescription: z.string().nullable(),
  jobTaskCode: z.string().nullable(),
  jobTaskDescription: z.string().nullable(),
  locationCode: z.string().nullable(),
  workTypeCode: z.string().nullable(),
  workTypeDescription: z.string().nullable(),
  unitType: z.enum(UNIT_TYPES),
  unitNo: z.string(),
  unitDescription: z.string().nullable(),
  description: z.string(),
  /** HH:mm */
  timeFrom: z.string().nullable(),
  timeTo: z.string().nullable(),
  quantity: z.number(),
  unitOfMeasureCode: z.string(),
  unitOfMeasureDescription: z.string().nullable(),
  attachments: z.array(ZAttachmentRef),
  approvedBy: z.string().nullable(),
  /** ISO date-time */
  approvedDateTime: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  modifiedBy: z.string().nullable(),
  modifiedDate: z.string().nullable(),
  version: z.number(),
  exported: z.boolean(),
  exportedBy: z.string().nullable(),
  exportedAt: z.string().nullable(),
  /** Issue 40 §1: who sent it back to its owner (null when not returned; an edit or an approval clears it). */
  returnedBy: z.string().nullable(),
  /** ISO date-time of the return */
  returnedAt: z.string().nullable(),
  /** Why it was sent back (shown to the worker) */
  returnReason: z.string().nullable(),
  /** The caller may edit and delete it now (may manage, not approved, not exported). */
  canManage: z.boolean(),
  /** The caller may approve / unapprove it. */
  canApprove: z.boolean(),
  /** The edit-history popup is offered (last modifier differs from the owner; team leaders and admins). */
  canViewHistory: z.boolean(),
});
export type TWorksheetRecord = z.infer<typeof ZWorksheetRecord>;

export const ZWorksheetGroup = z.object({ key: z.string(), worksheet: z.array(ZWorksheetRecord) });
export type TWorksheetGroup = z.infer<typeof ZWorksheetGroup>;
export const ZWorksheetList = z.array(ZWorksheetGroup);

/**
 * One page of GET /api/worksheet (issue 9). Over REST the body is `groups` alone (spec §7) and
 * `nextCursor` becomes the `Link: <…>; rel="next"` header. The totals of the whole selection are a
 * call of their own (GET /api/worksheet/totals), so that a page never pays for an aggregate over
 * the whole selection (1 M archived rows).
 */
export const ZWorksheetPage = z.object({
  groups: ZWorksheetList,
  /** null on the last page */
  nextCursor: z.string().nullable(),
});
export type TWorksheetPage = z.infer<typeof ZWorksheetPage>;
export { ZListTotals };

export const HISTORY_ACTIONS = ['create', 'update', 'approve', 'unapprove', 'delete', 'export', 'return'] as const;
export const ZHistoryEntry = z.object({
  id: z.number(),
  action: z.enum(HISTORY_ACTIONS),
  username: z.string(),
  /** ISO date-time */
  at: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export type THistoryEntry = z.infer<typeof ZHistoryEntry>;
export const ZHistory = z.array(ZHistoryEntry);

/** What the entry form needs to know about the account and the user (spec §2, §3). */
export const ZWorksheetFormSettings = z.object({
  username: z.string(),
  profileType: z.enum(PROFILE_TYPES),
  teamCode: z.string().nullable(),
  ...ZAccount.pick({
    showCustomer: true,
    showJobTask: true,
    showLocation: true,
    showWorkType: true,
    mandatoryJobTask: true,
    mandatoryLocation: true,
    mandatoryWorkType: true,
    defaultUnitType: true,
    resourceUnits: true,
  }).shape,
  defaultResource: z.string().nullable(),
  lockDefaultResource: z.boolean(),
  defaultDescription: z.string().nullable(),
});
export type TWorksheetFormSettings = z.infer<typeof ZWorksheetFormSettings>;
