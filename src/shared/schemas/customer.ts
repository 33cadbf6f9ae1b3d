import { z } from 'zod';
import { code, requiredText } from '../fields';
import { MAX } from '../limits';
import { ZExpectedVersion, ZIgnoredAccountId, ZOptionalActive, ZUpdatedAt, ZVersion } from './master-data';

/** Customers (spec §3). Spec §5: no required, valid code, max 20; name required, max 100. */
export const ZCustomer = z.object({ id: z.number(), no: z.string(), name: z.string(), active: z.boolean(), version: ZVersion, updatedAt: ZUpdatedAt });
export type TCustomer = z.infer<typeof ZCustomer>;

export const ZCreateCustomerInput = z.object({
  accountId: ZIgnoredAccountId,
  no: code(MAX.customerNo),
  name: requiredText(MAX.name),
});
export type TCreateCustomerInput = z.input<typeof ZCreateCustomerInput>;

export const ZUpdateCustomerInput = z.object({
  no: code(MAX.customerNo),
  name: requiredText(MAX.name),
  active: ZOptionalActive,
  version: ZExpectedVersion,
});
export type TUpdateCustomerInput = z.input<typeof ZUpdateCustomerInput>;

export const ZCustomerKey = z.object({ no: code(MAX.customerNo) });
export type TCustomerKey = z.input<typeof ZCustomerKey>;
