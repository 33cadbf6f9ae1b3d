import { z } from 'zod';
import { code, requiredText } from '../fields';
import { ERR } from '../errors';
import { MAX } from '../limits';
import { ZExpectedVersion, ZIgnoredAccountId, ZOptionalActive, ZUpdatedAt, ZUpdatedSince, ZVersion } from './master-data';

/**
 * Job tasks (spec §3), always below a job. Spec §5: code required, trimmed, max 20 (valid code
 * characters, as every code); description required, max 100.
 */
export const ZJobTask = z.object({
  id: z.number(),
  jobCode: z.string(),
  code: z.string(),
  description: z.string(),
  active: z.boolean(),
  version: ZVersion,
  updatedAt: ZUpdatedAt,
});
export type TJobTask = z.infer<typeof ZJobTask>;

const jobCode = () => code(MAX.jobCode);

export const ZCreateJobTaskInput = z.object({
  accountId: ZIgnoredAccountId,
  jobCode: jobCode(),
  code: code(MAX.jobTaskCode),
  description: requiredText(MAX.description),
});
export type TCreateJobTaskInput = z.input<typeof ZCreateJobTaskInput>;

export const ZUpdateJobTaskInput = z.object({
  jobCode: jobCode(),
  code: code(MAX.jobTaskCode),
  description: requiredText(MAX.description),
  active: ZOptionalActive,
  version: ZExpectedVersion,
});
export type TUpdateJobTaskInput = z.input<typeof ZUpdateJobTaskInput>;

export const ZJobTaskKey = z.object({ jobCode: jobCode(), code: code(MAX.jobTaskCode) });
export type TJobTaskKey = z.input<typeof ZJobTaskKey>;

/** The tasks of a job; with `updatedSince` the job may be left out (a sync: every task changed since). */
export const ZJobTaskListInput = z
  .object({ jobCode: z.preprocess((v) => (v === '' || v === null ? undefined : v), jobCode().optional()), updatedSince: ZUpdatedSince })
  .superRefine((v, ctx) => {
    if (v.jobCode === undefined && v.updatedSince === undefined) ctx.addIssue({ code: 'custom', path: ['jobCode'], message: ERR.required });
  });
export type TJobTaskListInput = z.input<typeof ZJobTaskListInput>;
