import { z } from 'zod';
import {
  activeCustomerNos,
  allCustomers,
  allJobs,
  allJobTasks,
  allLocations,
  allNoRecords,
  allUnits,
  allWorkTypes,
  deactivateByKeys,
  deactivateJobTasks,
  deactivateUnits,
  upsertRows,
} from '../../../db/queries/import';
import type { Db } from '../../../db/queries/master-data/common';
import { insertCustomer, updateCustomer } from '../../../db/queries/master-data/customers';
import { insertNoRecord, updateNoRecord } from '../../../db/queries/master-data/items';
import { insertJob, insertJobTask, updateJob, updateJobTask } from '../../../db/queries/master-data/jobs';
import { insertLocation, updateLocation } from '../../../db/queries/master-data/locations';
import { insertUnit, updateUnit } from '../../../db/queries/master-data/units';
import { insertWorkType, updateWorkType } from '../../../db/queries/master-data/work-types';
import { insertUser, isActiveResource, listUsers, updateUser as updateUserRow, usernameExists } from '../../../db/queries/users';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords';
import { coded, type CodedError } from '../../shared/error-codes';
import { enumOf, optionalCode, requiredText, teamCode } from '../../shared/fields';
import { LANGUAGE_CODES, MAX, PROFILE_TYPES, type UnitType } from '../../shared/limits';
import { ZCreateCustomerInput } from '../../shared/schemas/customer';
import type { ImportEntity } from '../../shared/schemas/import';
import { ZCreateItemInput } from '../../shared/schemas/item';
import { ZCreateJobInput } from '../../shared/schemas/job';
import { ZCreateJobTaskInput } from '../../shared/schemas/job-task';
import { ZCreateLocationInput } from '../../shared/schemas/location';
import { ZCreateResourceInput } from '../../shared/schemas/resource';
import { ZCreateUnitInput } from '../../shared/schemas/unit';
import { ZCreateWorkTypeInput } from '../../shared/schemas/work-type';
import { username } from '../../shared/schemas/user';
import { AppError } from '../errors';
import { checkUnitCode } from '../services/master-data/work-types';
import { keyOf, type CheckResult, type EntityHandler, type Rec } from './engine';

/*
 * One handler per importable entity (issue 42): the shared create schema validates a row, the
 * services' rules check its references (a job's bill-to customer, a work type's unit code), and
 * the master-data queries write it. Everything runs on the handed-in database or transaction.
 */

const s = (v: Rec[string] | undefined) => (v === null || v === undefined ? '' : String(v));
const n = (v: Rec[string] | undefined) => (v === null || v === undefined || v === '' ? null : String(v));
const active = (rec: Rec) => rec.active !== false;

function byKey(keyFields: readonly string[], rows: Array<Record<string, unknown>>): Map<string, Rec> {
  const map = new Map<string, Rec>();
  for (const r of rows) map.set(keyOf(keyFields, r as Rec), r as Rec);
  return map;
}

/** A service rule's refusal (an AppError with a field) as a row's refusal. */
async function rule(field: string, run: () => Promise<Rec>): Promise<CheckResult> {
  try {
    return { ok: await run() };
  } catch (error) {
    if (error instanceof AppError && error.coded && error.status < 500) return { field, error: error.coded };
    throw error;
  }
}

const parentMissing = (field: string, entity: string, key: string): CheckResult => ({ field, error: coded('IMPORT_PARENT_MISSING', { entity, key }) satisfies CodedError });

/** Items and resources: no + description, and the base unit of measure created when missing. */
async function noRecordHandler(db: Db, accountId: number, table: 'item' | 'resource', schema: z.ZodObject): Promise<EntityHandler> {
  const unitType: UnitType = table === 'item' ? 'Item' : 'Resource';
  const [records, units] = await Promise.all([allNoRecords(db, table, accountId), allUnits(db, accountId, unitType)]);
  const unitsOf = new Map<string, Set<string>>();
  for (const u of units) (unitsOf.get(u.unitNo) ?? unitsOf.set(u.unitNo, new Set()).get(u.unitNo)!).add(u.code);
  const ensureUnit = async (rec: Rec) => {
    const code = n(rec.baseUnitOfMeasure);
    if (code === null || unitsOf.get(s(rec.no))?.has(code)) return;
    await insertUnit(db, accountId, { unitType, unitNo: s(rec.no), code, description: code });
    (unitsOf.get(s(rec.no)) ?? unitsOf.set(s(rec.no), new Set()).get(s(rec.no))!).add(code);
  };
  return {
    keyFields: ['no'],
    schema: schema.extend({ baseUnitOfMeasure: optionalCode(MAX.unitCode).optional() }),
    diffFields: ['description', 'baseUnitOfMeasure'],
    current: byKey(
      ['no'],
      records.map((r) => ({ ...r, baseUnitOfMeasure: null })),
    ),
    compareWith: (current, incoming) => ({
      ...current,
      baseUnitOfMeasure: n(incoming.baseUnitOfMeasure) !== null && unitsOf.get(s(current.no))?.has(s(incoming.baseUnitOfMeasure)) ? incoming.baseUnitOfMeasure! : null,
    }),
    async create(rec) {
      await insertNoRecord(db, table, accountId, { no: s(rec.no), description: s(rec.description) });
      if (!active(rec)) await updateNoRecord(db, table, accountId, s(rec.no), { description: s(rec.description), active: false });
      await ensureUnit(rec);
    },
    async update(rec) {
      await updateNoRecord(db, table, accountId, s(rec.no), { description: s(rec.description), active: active(rec) });
      await ensureUnit(rec);
    },
    async upsertMany(recs) {
      await upsertRows(
        db,
        table,
        ['no'],
        recs.map((rec) => ({ accountId, no: s(rec.no), description: s(rec.description), active: active(rec) })),
      );
      const units = recs.filter((rec) => n(rec.baseUnitOfMeasure) !== null && !unitsOf.get(s(rec.no))?.has(s(rec.baseUnitOfMeasure)));
      await upsertRows(
        db,
        'unitOfMeasure',
        ['unitType', 'unitNo', 'code'],
        units.map((rec) => ({ accountId, unitType, unitNo: s(rec.no), code: s(rec.baseUnitOfMeasure), description: s(rec.baseUnitOfMeasure) })),
        'nothing',
      );
      for (const rec of units) (unitsOf.get(s(rec.no)) ?? unitsOf.set(s(rec.no), new Set()).get(s(rec.no))!).add(s(rec.baseUnitOfMeasure));
    },
    deactivate: (currents) =>
      deactivateByKeys(
        db,
        table,
        'no',
        accountId,
        currents.map((c) => s(c.no)),
      ),
  };
}

/** Units of measure of items or resources; the item/resource must be there ("items before their units"). */
async function unitHandler(db: Db, accountId: number, unitType: UnitType): Promise<EntityHandler> {
  const [units, parents] = await Promise.all([allUnits(db, accountId, unitType), allNoRecords(db, unitType === 'Item' ? 'item' : 'resource', accountId)]);
  const parentNos = new Set(parents.map((p) => p.no));
  const key = (rec: Rec) => ({ unitType, unitNo: s(rec.unitNo), code: s(rec.code) });
  return {
    keyFields: ['unitNo', 'code'],
    // The description is optional in a file (BC's Item Units of Measure has none): the code stands in.
    schema: ZCreateUnitInput.omit({ unitType: true, accountId: true }).extend({
      description: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), requiredText(MAX.unitDescription).optional()),
    }),
    diffFields: ['description'],
    current: byKey(['unitNo', 'code'], units),
    complete: (rec, current) => (n(rec.description) === null ? { ...rec, description: current?.description ?? rec.code ?? '' } : rec),
    check: (rec) => Promise.resolve(parentNos.has(s(rec.unitNo)) ? { ok: rec } : parentMissing('unitNo', unitType, s(rec.unitNo))),
    async create(rec) {
      await insertUnit(db, accountId, { ...key(rec), description: s(rec.description) });
      if (!active(rec)) await updateUnit(db, accountId, key(rec), { description: s(rec.description), active: false });
    },
    update: async (rec) => void (await updateUnit(db, accountId, key(rec), { description: s(rec.description), active: active(rec) })),
    upsertMany: (recs) =>
      upsertRows(
        db,
        'unitOfMeasure',
        ['unitType', 'unitNo', 'code'],
        recs.map((rec) => ({ accountId, ...key(rec), description: s(rec.description), active: active(rec) })),
      ),
    deactivate: (currents) =>
      deactivateUnits(
        db,
        accountId,
        unitType,
        currents.map((c) => ({ unitNo: s(c.unitNo), code: s(c.code) })),
      ),
  };
}

const LANGUAGES: Record<string, string> = { enu: 'ENU', en: 'ENU', english: 'ENU', engelsk: 'ENU', dan: 'DAN', da: 'DAN', danish: 'DAN', dansk: 'DAN' };
const oneOf = (values: readonly string[]) => (v: unknown) =>
  typeof v === 'string' ? (v.trim() === '' ? undefined : (values.find((x) => x.toLowerCase() === v.trim().toLowerCase()) ?? v.trim())) : v;

/** The user import's row: the create rules of POST /api/user without any password (issue 42 §6). */
const ZImportUser = z.object({
  username: username(),
  profileType: z.preprocess(oneOf(PROFILE_TYPES), enumOf(PROFILE_TYPES).default('Basic')),
  teamCode: teamCode(MAX.teamCode),
  languageCode: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : (LANGUAGES[v.trim().toLowerCase()] ?? v.trim())) : v),
    enumOf(LANGUAGE_CODES).default('ENU'),
  ),
  defaultResource: optionalCode(MAX.resourceNo),
});

/**
 * Users are created without a password they or anyone knows (a random one, hashed): they sign in
 * by SSO or the admin sets a password in the user screen. An existing user's team, language and
 * default resource can change; a role or the active state never changes by a file (the user
 * screen keeps its rules: not one's own role, always a lasting admin) — such a row is refused.
 */
async function userHandler(db: Db, accountId: number): Promise<EntityHandler> {
  const users = await listUsers(db, accountId);
  const current = new Map<string, Rec>();
  const ids = new Map<string, number>();
  for (const u of users) {
    current.set(u.username.toLowerCase(), {
      username: u.username,
      profileType: u.profileType,
      teamCode: u.teamCode,
      languageCode: u.languageCode,
      defaultResource: u.defaultResource,
      active: u.active,
    });
    ids.set(u.username.toLowerCase(), u.id);
  }
  return {
    keyFields: ['username'],
    foldKeys: true,
    neverDeactivate: true,
    schema: ZImportUser,
    diffFields: ['profileType', 'teamCode', 'languageCode', 'defaultResource'],
    current,
    async check(rec, cur) {
      if (cur) {
        if (rec.profileType !== cur.profileType) return { field: 'profileType', error: coded('IMPORT_USER_ROLE') };
        if (rec.active !== cur.active) return { field: 'active', error: coded('IMPORT_USER_ROLE') };
        // the stored spelling of the name stays
        rec = { ...rec, username: cur.username ?? rec.username ?? null };
      } else if (await usernameExists(db, s(rec.username))) {
        return { field: 'username', error: coded('USERNAME_TAKEN') };
      }
      const resource = n(rec.defaultResource);
      if (resource !== null && resource !== n(cur?.defaultResource) && !(await isActiveResource(db, accountId, resource))) {
        return { field: 'defaultResource', error: coded('RESOURCE_NOT_ACTIVE') };
      }
      return { ok: rec };
    },
    async create(rec) {
      const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
      await insertUser(db, {
        accountId,
        username: s(rec.username),
        passwordHash,
        profileType: s(rec.profileType) as (typeof PROFILE_TYPES)[number],
        teamCode: n(rec.teamCode),
        languageCode: s(rec.languageCode) as (typeof LANGUAGE_CODES)[number],
        defaultDescription: null,
        defaultResource: n(rec.defaultResource),
        lockDefaultResource: false,
        expirationDate: null,
        active: active(rec),
      });
    },
    async update(rec) {
      const id = ids.get(s(rec.username).toLowerCase());
      if (id === undefined) return;
      await updateUserRow(db, id, { teamCode: n(rec.teamCode), languageCode: s(rec.languageCode) as (typeof LANGUAGE_CODES)[number], defaultResource: n(rec.defaultResource) });
    },
    deactivate: () => Promise.resolve(),
  };
}

export async function importHandler(db: Db, accountId: number, entity: ImportEntity): Promise<EntityHandler> {
  switch (entity) {
    case 'user':
      return userHandler(db, accountId);
    case 'customer':
      return {
        keyFields: ['no'],
        schema: ZCreateCustomerInput,
        diffFields: ['name'],
        current: byKey(['no'], await allCustomers(db, accountId)),
        async create(rec) {
          await insertCustomer(db, accountId, { no: s(rec.no), name: s(rec.name) });
          if (!active(rec)) await updateCustomer(db, accountId, s(rec.no), { name: s(rec.name), active: false });
        },
        update: async (rec) => void (await updateCustomer(db, accountId, s(rec.no), { name: s(rec.name), active: active(rec) })),
        upsertMany: (recs) =>
          upsertRows(
            db,
            'customer',
            ['no'],
            recs.map((rec) => ({ accountId, no: s(rec.no), name: s(rec.name), active: active(rec) })),
          ),
        deactivate: (currents) =>
          deactivateByKeys(
            db,
            'customer',
            'no',
            accountId,
            currents.map((c) => s(c.no)),
          ),
      };
    case 'job': {
      const values = (rec: Rec) => ({
        description: n(rec.description),
        billToCustomerNo: s(rec.billToCustomerNo),
        teamCode: n(rec.teamCode),
        responsibleResourceNo: n(rec.responsibleResourceNo),
        startingDate: n(rec.startingDate),
        active: active(rec),
      });
      const customers = await activeCustomerNos(db, accountId);
      return {
        keyFields: ['code'],
        schema: ZCreateJobInput,
        diffFields: ['description', 'billToCustomerNo', 'teamCode', 'responsibleResourceNo', 'startingDate'],
        current: byKey(['code'], await allJobs(db, accountId)),
        // The admin screens' rule (checkBillTo of the job service), for a whole file in one read:
        // the bill-to customer is an active customer of the account; one kept as it is stays.
        check: (rec, current) =>
          Promise.resolve(
            (current && s(current.billToCustomerNo) === s(rec.billToCustomerNo)) || customers.has(s(rec.billToCustomerNo))
              ? { ok: rec }
              : { field: 'billToCustomerNo', error: coded('BILL_TO_NOT_ACTIVE') },
          ),
        async create(rec) {
          await insertJob(db, accountId, s(rec.code), values(rec));
          if (!active(rec)) await updateJob(db, accountId, s(rec.code), values(rec));
        },
        update: async (rec) => void (await updateJob(db, accountId, s(rec.code), values(rec))),
        upsertMany: (recs) =>
          upsertRows(
            db,
            'job',
            ['code'],
            recs.map((rec) => ({ accountId, code: s(rec.code), ...values(rec) })),
          ),
        deactivate: (currents) =>
          deactivateByKeys(
            db,
            'job',
            'code',
            accountId,
            currents.map((c) => s(c.code)),
          ),
      };
    }
    case 'jobTask': {
      const jobs = new Set((await allJobs(db, accountId)).map((j) => j.code));
      return {
        keyFields: ['jobCode', 'code'],
        schema: ZCreateJobTaskInput,
        diffFields: ['description'],
        current: byKey(['jobCode', 'code'], await allJobTasks(db, accountId)),
        // "Jobs before tasks": a task of a job that is not there is refused, that row only.
        check: (rec) => Promise.resolve(jobs.has(s(rec.jobCode)) ? { ok: rec } : parentMissing('jobCode', 'Job', s(rec.jobCode))),
        async create(rec) {
          await insertJobTask(db, accountId, { jobCode: s(rec.jobCode), code: s(rec.code), description: s(rec.description) });
          if (!active(rec)) await updateJobTask(db, accountId, s(rec.jobCode), s(rec.code), { description: s(rec.description), active: false });
        },
        update: async (rec) => void (await updateJobTask(db, accountId, s(rec.jobCode), s(rec.code), { description: s(rec.description), active: active(rec) })),
        upsertMany: (recs) =>
          upsertRows(
            db,
            'jobTask',
            ['jobCode', 'code'],
            recs.map((rec) => ({ accountId, jobCode: s(rec.jobCode), code: s(rec.code), description: s(rec.description), active: active(rec) })),
          ),
        deactivate: (currents) =>
          deactivateJobTasks(
            db,
            accountId,
            currents.map((c) => ({ jobCode: s(c.jobCode), code: s(c.code) })),
          ),
      };
    }
    case 'item':
      return noRecordHandler(db, accountId, 'item', ZCreateItemInput);
    case 'resource':
      return noRecordHandler(db, accountId, 'resource', ZCreateResourceInput);
    case 'itemUnit':
      return unitHandler(db, accountId, 'Item');
    case 'resourceUnit':
      return unitHandler(db, accountId, 'Resource');
    case 'workType': {
      const values = (rec: Rec) => ({ code: s(rec.code), description: s(rec.description), unitOfMeasureCode: n(rec.unitOfMeasureCode) });
      return {
        keyFields: ['code'],
        schema: ZCreateWorkTypeInput,
        diffFields: ['description', 'unitOfMeasureCode'],
        current: byKey(['code'], await allWorkTypes(db, accountId)),
        // The admin screens' rule: a unit code that units of the account have (their spelling is kept).
        check: (rec, current) =>
          rule('unitOfMeasureCode', async () => ({ ...rec, ...(await checkUnitCode(db, accountId, values(rec), current ? n(current.unitOfMeasureCode) : null)) })),
        async create(rec) {
          await insertWorkType(db, accountId, values(rec));
          if (!active(rec)) await updateWorkType(db, accountId, s(rec.code), { ...values(rec), active: false });
        },
        update: async (rec) => void (await updateWorkType(db, accountId, s(rec.code), { ...values(rec), active: active(rec) })),
        upsertMany: (recs) =>
          upsertRows(
            db,
            'workType',
            ['code'],
            recs.map((rec) => ({ accountId, ...values(rec), active: active(rec) })),
          ),
        deactivate: (currents) =>
          deactivateByKeys(
            db,
            'workType',
            'code',
            accountId,
            currents.map((c) => s(c.code)),
          ),
      };
    }
    case 'location':
      return {
        keyFields: ['code'],
        schema: ZCreateLocationInput,
        diffFields: ['name'],
        current: byKey(['code'], await allLocations(db, accountId)),
        async create(rec) {
          await insertLocation(db, accountId, { code: s(rec.code), name: n(rec.name) });
          if (!active(rec)) await updateLocation(db, accountId, s(rec.code), { active: false });
        },
        update: async (rec) => void (await updateLocation(db, accountId, s(rec.code), { name: n(rec.name), active: active(rec) })),
        upsertMany: (recs) =>
          upsertRows(
            db,
            'location',
            ['code'],
            recs.map((rec) => ({ accountId, code: s(rec.code), name: n(rec.name), active: active(rec) })),
          ),
        deactivate: (currents) =>
          deactivateByKeys(
            db,
            'location',
            'code',
            accountId,
            currents.map((c) => s(c.code)),
          ),
      };
  }
}
