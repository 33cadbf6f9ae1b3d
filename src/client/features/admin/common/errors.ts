import { TRPCClientError } from '@trpc/client';
import { m } from '../../../../shared/paraglide/messages.js';
import { MD, type MasterDataEntity } from '../../../../shared/schemas/master-data';
import { errorMessage, translateError } from '../../../lib/translate-error';

/*
 * The master-data services' English details (src/shared/schemas/master-data.ts MD) in the active
 * language; anything else goes to the shared translator (spec §8: unknown details as they are).
 */
const entities: Record<MasterDataEntity, () => string> = {
  Item: m.admin_entity_item,
  Resource: m.admin_entity_resource,
  'Unit of measure': m.admin_entity_unit,
  Location: m.admin_entity_location,
  'Work type': m.admin_entity_worktype,
  Customer: m.admin_entity_customer,
  Job: m.admin_entity_job,
  'Job task': m.admin_entity_jobtask,
};

const entityPattern = Object.keys(entities)
  .sort((a, b) => b.length - a.length)
  .map((e) => e.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
  .join('|');
const existsFor = new RegExp(`^(${entityPattern}) (.+) already exists for (${entityPattern}) (.+)$`);
const exists = new RegExp(`^(${entityPattern}) (.+) already exists$`);
const inUse = new RegExp(`^(${entityPattern}) (.+) is still in use; deactivate it instead$`);

const entity = (name: string) => entities[name as MasterDataEntity]?.() ?? name;

export function translateMasterDataError(text: string): string {
  if (text === MD.billToNotActive) return m.admin_error_bill_to_not_active();
  if (text === MD.stale) return m.admin_error_stale();
  if (text === MD.unknownUnitOfMeasure) return m.admin_error_unknown_uom();
  const defaultResource = /^Resource (.+) is the default resource of a user; deactivate it instead$/.exec(text);
  if (defaultResource) return m.admin_error_default_resource({ key: defaultResource[1]! });
  let match = existsFor.exec(text);
  if (match) return m.admin_error_exists_for({ entity: entity(match[1]!), key: match[2]!, parent: entity(match[3]!).toLowerCase(), parentKey: match[4]! });
  match = exists.exec(text);
  if (match) return m.admin_error_exists({ entity: entity(match[1]!), key: match[2]! });
  match = inUse.exec(text);
  if (match) return m.admin_error_in_use({ entity: entity(match[1]!), key: match[2]! });
  return translateError(text);
}

/** The message of any error a master-data call threw, translated. */
export function masterDataErrorMessage(error: unknown): string {
  if (error instanceof TRPCClientError && error.message !== 'Failed to fetch') return translateMasterDataError(error.message);
  return errorMessage(error);
}

/** Field → first translated message of a 400 answer. */
export function masterDataFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const errors = (error.data as { errors?: Record<string, string[]> } | undefined)?.errors ?? {};
  const out: Record<string, string> = {};
  for (const [field, list] of Object.entries(errors)) if (list[0]) out[field] = translateMasterDataError(list[0]);
  return out;
}

/** HTTP status of a tRPC error (404 pages). */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
}
