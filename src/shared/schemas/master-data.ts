import { z } from 'zod';
import { errorToken } from '../error-tokens';
import { ERR } from '../errors';
import { id } from '../fields';
import { UNIT_TYPES, type UnitType } from '../limits';

/**
 * Pieces shared by the master-data schemas (items, resources, units, locations, work types,
 * customers, jobs, job tasks) and the English sentences their services send.
 */

/** Spec §7 puts `accountId` in create bodies; it is accepted and ignored (the account comes from the caller). */
export const ZIgnoredAccountId = z
  .unknown()
  .optional()
  .transform(() => undefined)
  .describe('Ignored: the account is the caller’s (session or API key)');

/** The `active` flag of an update: optional (absent keeps the stored value). */
export const ZOptionalActive = z
  .preprocess((v) => (v === 'true' || v === '1' || v === 'on' ? true : v === 'false' || v === '0' ? false : v), z.boolean({ error: ERR.mustBeBoolean }))
  .optional();

/** `Item` / `Resource`; path parameters and query strings are accepted in any case. */
export const ZUnitType = z
  .preprocess(
    (v) => (typeof v === 'string' ? (UNIT_TYPES.find((t) => t.toLowerCase() === v.trim().toLowerCase()) ?? v) : v),
    z.enum(UNIT_TYPES, {
      error: (iss) => (iss.input === undefined || iss.input === '' ? ERR.required : errorToken('VALUE_NOT_ALLOWED', { value: String(iss.input) })),
    }),
  )
  .meta({
    'x-input': {
      anyOf: [
        { type: 'string', enum: [...UNIT_TYPES] },
        { type: 'string', pattern: '^\\s*([Ii][Tt][Ee][Mm]|[Rr][Ee][Ss][Oo][Uu][Rr][Cc][Ee])\\s*$', description: 'The same in any case' },
      ],
      examples: ['Item'],
    },
  });

/**
 * The version an update is based on (from the record the client loaded). Optional, so that
 * integrators who send spec §7's bodies keep last-write-wins; a different current version → 409.
 */
export const ZExpectedVersion = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z.number({ error: ERR.mustBeNumber }).int(ERR.mustBeNumber).positive(ERR.mustBeNumber).max(2147483647).optional(),
);

/** When a record last changed (ISO 8601 UTC with microseconds; issue 42 §3): a sync remembers the largest it saw. */
export const ZUpdatedAt = z.string().optional().describe('When the record last changed (ISO 8601, UTC, microseconds); pass the largest you saw as updatedSince');

/** `updatedSince` of a master-data list: only records changed after this instant (deactivating is a change). */
export const ZUpdatedSince = z
  .preprocess((v) => (v === '' || v === null ? undefined : v), z.iso.datetime({ offset: true, error: errorToken('INVALID_FORMAT', { format: 'ISO 8601 timestamp' }) }).optional())
  .describe('Only records changed after this instant (ISO 8601, e.g. 2026-11-28T16:30:00.123456Z): the largest updatedAt of your last sync');

/** The input of a whole-list read (locations, work types, users): only `updatedSince`. */
export const ZSinceInput = z.object({ updatedSince: ZUpdatedSince });

/** A record's version in answers. */
export const ZVersion = z.number().int();

/** A record's database id (location delete from the list). */
export const ZRecordId = id();

/** The English details of master-data conflicts (DESIGN §6); the client translates them. */
export type MasterDataEntity = 'Item' | 'Resource' | 'Unit of measure' | 'Location' | 'Work type' | 'Customer' | 'Job' | 'Job task';

export const MD = {
  /** "Item 1000 already exists" */
  exists: (entity: MasterDataEntity, key: string) => errorToken('MD_EXISTS', { entity, key }),
  /** "Unit of measure BOX already exists for Item 1000" / "Job task 100 already exists for Job J-1" */
  existsFor: (entity: MasterDataEntity, key: string, parent: string, parentKey: string) => errorToken('MD_EXISTS_FOR', { entity, key, parent, parentKey }),
  /** "Customer C1 is still in use; deactivate it instead" */
  inUse: (entity: MasterDataEntity, key: string) => errorToken('MD_IN_USE', { entity, key }),
  billToNotActive: errorToken('BILL_TO_NOT_ACTIVE'),
  /** the same sentence as a stale worksheet record, so the client has one translation */
  stale: errorToken('STALE'),
  /** "Resource R01 is the default resource of a user; deactivate it instead" */
  defaultResource: (no: string) => errorToken('MD_DEFAULT_RESOURCE', { key: no }),
  unknownUnitOfMeasure: errorToken('UNKNOWN_UOM'),
} as const;

/** Which unit (item or resource) a unit of measure belongs to. */
export const unitEntity = (unitType: UnitType): MasterDataEntity => (unitType === 'Item' ? 'Item' : 'Resource');
