import { z } from 'zod';
import { code, optionalCode, optionalIsoDate, optionalText, teamCode } from '../fields';
import { MAX } from '../limits';
import { ZExpectedVersion, ZIgnoredAccountId, ZOptionalActive, ZUpdatedAt, ZVersion } from './master-data';

/**
 * Jobs (spec §3). Spec §5: code required, valid code, max 20; description optional, max 100;
 * billToCustomerNo required (an active customer of the account, checked by the service);
 * teamCode upper case, max 20. responsibleResourceNo and startingDate are optional extras an ERP
 * sync may send; on update an absent one keeps the stored value.
 */
export const ZJob = z.object({
  id: z.number(),
  code: z.string(),
  description: z.string().nullable(),
  billToCustomerNo: z.string(),
  billToCustomerName: z.string().nullable(),
  responsibleResourceNo: z.string().nullable(),
  startingDate: z.string().nullable(),
  teamCode: z.string().nullable(),
  active: z.boolean(),
  version: ZVersion,
  updatedAt: ZUpdatedAt,
});
export type TJob = z.infer<typeof ZJob>;

const fields = {
  code: code(MAX.jobCode),
  description: optionalText(MAX.description),
  billToCustomerNo: code(MAX.customerNo),
  teamCode: teamCode(MAX.teamCode),
  responsibleResourceNo: optionalCode(MAX.resourceNo).optional(),
  startingDate: optionalIsoDate().optional(),
};

export const ZCreateJobInput = z.object({ accountId: ZIgnoredAccountId, ...fields });
export type TCreateJobInput = z.input<typeof ZCreateJobInput>;

export const ZUpdateJobInput = z.object({ ...fields, active: ZOptionalActive, version: ZExpectedVersion });
export type TUpdateJobInput = z.input<typeof ZUpdateJobInput>;

export const ZJobKey = z.object({ code: code(MAX.jobCode) });
export type TJobKey = z.input<typeof ZJobKey>;
