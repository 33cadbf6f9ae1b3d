import { z } from 'zod';
import { errorToken } from '../error-tokens';
import { tooLong } from '../errors';
import { bool, id } from '../fields';
import { BULK_MAX_RECORDS } from '../limits';

/*
 * Master-data import (issue 42, decision 0380): the entities, their fields and the column
 * captions Business Central's list pages export ("Open in Excel"), in English and Danish. The
 * client shows the fields in its mapping step; the server maps captions onto them.
 */

export const IMPORT_ENTITIES = ['customer', 'job', 'jobTask', 'item', 'itemUnit', 'resource', 'resourceUnit', 'workType', 'location', 'user'] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];

export interface ImportField {
  field: string;
  required: boolean;
  /** captions recognised without a mapping (compared without case and extra spaces) */
  captions: readonly string[];
}

const f = (field: string, required: boolean, ...captions: string[]): ImportField => ({ field, required, captions });

/** "Blocked"/"Spærret" (BC) or "Active"/"Aktiv" (our own lists) set `active`. */
const blocked = f('blocked', false, 'Blocked', 'Spærret');
const active = f('active', false, 'Active', 'Aktiv');

export const IMPORT_FIELDS: Record<ImportEntity, readonly ImportField[]> = {
  customer: [f('no', true, 'No.', 'Nr.', 'Customer No.', 'Kundenr.'), f('name', true, 'Name', 'Navn'), blocked, active],
  job: [
    f('code', true, 'No.', 'Nr.', 'Job No.', 'Sagsnr.', 'Project No.', 'Projektnr.'),
    f('description', false, 'Description', 'Beskrivelse'),
    f('billToCustomerNo', true, 'Bill-to Customer No.', 'Faktureres til kundenr.', 'Faktureringskundenr.', 'Kundenr.', 'Customer No.'),
    f('teamCode', false, 'Team', 'Team Code', 'Teamkode'),
    f('responsibleResourceNo', false, 'Person Responsible', 'Ansvarlig', 'Responsible'),
    f('startingDate', false, 'Starting Date', 'Startdato'),
    blocked,
    active,
  ],
  jobTask: [
    f('jobCode', true, 'Job No.', 'Sagsnr.', 'Project No.', 'Projektnr.'),
    f('code', true, 'Job Task No.', 'Sagsopgavenr.', 'Project Task No.', 'Projektopgavenr.'),
    f('description', true, 'Description', 'Beskrivelse'),
    active,
  ],
  item: [
    f('no', true, 'No.', 'Nr.', 'Item No.', 'Varenr.'),
    f('description', true, 'Description', 'Beskrivelse'),
    f('baseUnitOfMeasure', false, 'Base Unit of Measure', 'Basisenhed'),
    blocked,
    active,
  ],
  itemUnit: [
    f('unitNo', true, 'Item No.', 'Varenr.'),
    f('code', true, 'Code', 'Kode', 'Unit of Measure Code', 'Enhedskode'),
    f('description', false, 'Description', 'Beskrivelse'),
    active,
  ],
  resource: [
    f('no', true, 'No.', 'Nr.', 'Resource No.', 'Ressourcenr.'),
    f('description', true, 'Name', 'Navn', 'Description', 'Beskrivelse'),
    f('baseUnitOfMeasure', false, 'Base Unit of Measure', 'Basisenhed'),
    blocked,
    active,
  ],
  resourceUnit: [
    f('unitNo', true, 'Resource No.', 'Ressourcenr.'),
    f('code', true, 'Code', 'Kode', 'Unit of Measure Code', 'Enhedskode'),
    f('description', false, 'Description', 'Beskrivelse'),
    active,
  ],
  workType: [f('code', true, 'Code', 'Kode'), f('description', true, 'Description', 'Beskrivelse'), f('unitOfMeasureCode', false, 'Unit of Measure Code', 'Enhedskode'), active],
  location: [f('code', true, 'Code', 'Kode'), f('name', false, 'Name', 'Navn'), active],
  // Never a password: a password column is not a field, so it is ignored (issue 42 §6).
  user: [
    f('username', true, 'User Name', 'Brugernavn', 'Username', 'User'),
    f('profileType', false, 'Profile', 'Profil', 'Role', 'Rolle'),
    f('teamCode', false, 'Team', 'Team Code', 'Teamkode'),
    f('languageCode', false, 'Language', 'Sprog', 'Language ID', 'Sprog-id'),
    f('defaultResource', false, 'Resource No.', 'Ressourcenr.', 'Default Resource', 'Standardressource'),
  ],
};

/** A caption as compared: no case, no surrounding or doubled spaces. */
export const captionKey = (caption: string) => caption.trim().replace(/\s+/g, ' ').toLowerCase();

export const ZImportEntity = z.enum(IMPORT_ENTITIES);

const ZMappingObject = z.record(z.string().max(200), z.string().max(100)).refine((m) => Object.keys(m).length <= 200);

/** The mapping a client sends: a JSON object caption → field ('' = ignore the column), as a text (a multipart field). */
export const ZImportMapping = z
  .string()
  .max(20_000, tooLong(20_000))
  .transform((v, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: errorToken('INVALID_FORMAT', { format: 'JSON' }) });
      return z.NEVER;
    }
    const r = ZMappingObject.safeParse(parsed);
    if (!r.success) {
      ctx.addIssue({ code: 'custom', message: errorToken('MUST_BE_OBJECT') });
      return z.NEVER;
    }
    return r.data;
  })
  .meta({ description: 'JSON object: column caption → field ("" ignores the column), e.g. {"Kunde-ID":"no"}' });

export const ZImportInput = z.object({
  entity: ZImportEntity,
  /** true: only the report, nothing written */
  dryRun: bool().optional(),
  /** true: records of the account missing from the file are set inactive (never deleted) */
  deactivateMissing: bool().optional(),
  mapping: ZImportMapping.optional(),
});
export type TImportInput = z.input<typeof ZImportInput>;

const ZCoded = z.object({ code: z.string(), params: z.record(z.string(), z.string()) });

export const ZImportRow = z.object({
  row: z.number(),
  key: z.string(),
  status: z.enum(['created', 'changed', 'unchanged', 'refused']),
  changes: z.array(z.object({ field: z.string(), old: z.string().nullable(), new: z.string().nullable() })),
  errors: z.array(z.object({ column: z.string().nullable(), field: z.string().nullable(), error: ZCoded, detail: z.string() })),
});
export type TImportRow = z.infer<typeof ZImportRow>;

export const ZImportCounts = z.object({
  rows: z.number(),
  created: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  refused: z.number(),
  deactivated: z.number(),
});

export const ZImportReport = z.object({
  entity: ZImportEntity,
  dryRun: z.boolean(),
  fileName: z.string(),
  /** the import record (an applied import); null for a dry run */
  importId: z.number().nullable(),
  /** json: a bulk upsert (PUT /api/<entity>/bulk) */
  fileKind: z.enum(['csv', 'xlsx', 'json']),
  columns: z.array(z.object({ caption: z.string(), field: z.string().nullable() })),
  /** required fields no column maps to: the rows are not read until they are mapped */
  missingFields: z.array(z.string()),
  fields: z.array(z.object({ field: z.string(), required: z.boolean() })),
  counts: ZImportCounts,
  rows: z.array(ZImportRow),
  /** keys set inactive because they were missing from the file (deactivateMissing) */
  deactivated: z.array(z.string()),
  /** true when the report lists fewer rows than the file has (the counts cover all) */
  truncated: z.boolean(),
});
export type TImportReport = z.infer<typeof ZImportReport>;

export const ZImportProgress = z.object({
  phase: z.enum(['checking', 'writing']),
  done: z.number(),
  total: z.number(),
});

export const ZImportRecord = z.object({
  id: z.number(),
  entity: z.string(),
  fileName: z.string(),
  /** file: an upload; bulk: PUT /api/<entity>/bulk */
  source: z.enum(['file', 'bulk']),
  status: z.enum(['running', 'done', 'failed']),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  counts: ZImportCounts,
  /** while running: how far (known to the server process that runs it; null otherwise) */
  progress: ZImportProgress.nullable(),
  /** a failed import's reason */
  error: ZCoded.nullable(),
});
export type TImportRecord = z.infer<typeof ZImportRecord>;

/** One record of a bulk upsert: field → value (the entity's import fields; `active` true/false). */
export const ZBulkRecord = z.record(z.string().max(100), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]));

/** PUT /api/<entity>/bulk (issue 42 §3): the file import's rules and report for a JSON array. */
export const ZBulkInput = z.object({
  /** true: only the report, nothing written */
  dryRun: z.boolean().optional(),
  /** true: the account's records missing from `records` are set inactive (never deleted) */
  deactivateMissing: z.boolean().optional(),
  records: z
    .array(ZBulkRecord)
    .min(1, errorToken('IMPORT_EMPTY'))
    .max(BULK_MAX_RECORDS, errorToken('IMPORT_TOO_MANY_ROWS', { max: BULK_MAX_RECORDS }))
    .describe(`At most ${BULK_MAX_RECORDS} records; a record's \`row\` in the report is its position in this array, from 1`),
});
export type TBulkInput = z.input<typeof ZBulkInput>;

export const ZImportRecordKey = z.object({ id: id() });
