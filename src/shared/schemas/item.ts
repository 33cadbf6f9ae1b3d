import { z } from 'zod';
import { code, requiredText } from '../fields';
import { MAX } from '../limits';
import { ZExpectedVersion, ZIgnoredAccountId, ZOptionalActive, ZUpdatedAt, ZVersion } from './master-data';

/**
 * Items and resources have the same shape (spec §3: id, no, description, active) and rules
 * (spec §5: no required, trimmed, valid code, max 20; description required, max 100).
 */
export function noDescriptionSchemas(noMax: number) {
  const record = z.object({ id: z.number(), no: z.string(), description: z.string(), active: z.boolean(), version: ZVersion, updatedAt: ZUpdatedAt });
  const create = z.object({ accountId: ZIgnoredAccountId, no: code(noMax), description: requiredText(MAX.description) });
  /** PUT identifies the record by `no`, which never changes (read-only on edit). */
  const update = z.object({ no: code(noMax), description: requiredText(MAX.description), active: ZOptionalActive, version: ZExpectedVersion });
  const key = z.object({ no: code(noMax) });
  return { record, create, update, key };
}

const item = noDescriptionSchemas(MAX.itemNo);
export const ZItem = item.record;
export type TItem = z.infer<typeof ZItem>;
export const ZCreateItemInput = item.create;
export type TCreateItemInput = z.input<typeof ZCreateItemInput>;
export const ZUpdateItemInput = item.update;
export type TUpdateItemInput = z.input<typeof ZUpdateItemInput>;
export const ZItemKey = item.key;
export type TItemKey = z.input<typeof ZItemKey>;
