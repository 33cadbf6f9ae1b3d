import { z } from 'zod';
import { errorToken } from '../error-tokens';
import { UNIT_TYPES } from '../limits';
import { ZCustomer } from './customer';
import { ZItem } from './item';
import { ZJob } from './job';
import { ZJobTask } from './job-task';
import { ZLocation } from './location';
import { ZResource } from './resource';
import { ZUnit } from './unit';
import { ZWorkType } from './work-type';

/*
 * The entry form's master data for the offline copy on the device (issue 14 §2, decision 0150):
 * `offline.masterData` answers one kind at a time, a page of at most `limit` active records in key
 * order; `next` is the key to pass as `after` for the following page (null after the last one).
 */
export const OFFLINE_KINDS = ['customer', 'job', 'jobTask', 'location', 'workType', 'item', 'resource', 'unit'] as const;
export type OfflineKind = (typeof OFFLINE_KINDS)[number];

/** How many key parts each kind's `after` has (job tasks: job code + code; units: type + number + code). */
export const OFFLINE_KEY_LENGTH: Record<OfflineKind, number> = { customer: 1, job: 1, jobTask: 2, location: 1, workType: 1, item: 1, resource: 1, unit: 3 };

export const OFFLINE_PAGE_DEFAULT = 2000;
export const OFFLINE_PAGE_MAX = 5000;

const keyPart = z.string().max(100, errorToken('TOO_LONG', { max: 100 }));

export const ZOfflinePageInput = z
  .object({
    kind: z.enum(OFFLINE_KINDS),
    after: z.array(keyPart).min(1).max(3).optional(),
    limit: z
      .number({ error: errorToken('MUST_BE_NUMBER') })
      .int(errorToken('MUST_BE_NUMBER'))
      .min(1, errorToken('TOO_LOW', { property: 'limit', min: 1 }))
      .max(OFFLINE_PAGE_MAX, errorToken('TOO_HIGH', { property: 'limit', max: OFFLINE_PAGE_MAX }))
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.after && input.after.length !== OFFLINE_KEY_LENGTH[input.kind]) {
      ctx.addIssue({ code: 'custom', path: ['after'], message: `after must have ${OFFLINE_KEY_LENGTH[input.kind]} part(s) for ${input.kind}` });
    }
    if (input.kind === 'unit' && input.after && !(UNIT_TYPES as readonly string[]).includes(input.after[0] ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['after', 0], message: `after[0] must be one of ${UNIT_TYPES.join(', ')}` });
    }
  });
export type TOfflinePageInput = z.input<typeof ZOfflinePageInput>;

const next = z.array(z.string()).nullable();
export const ZOfflinePage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('customer'), rows: z.array(ZCustomer), next }),
  z.object({ kind: z.literal('job'), rows: z.array(ZJob), next }),
  z.object({ kind: z.literal('jobTask'), rows: z.array(ZJobTask), next }),
  z.object({ kind: z.literal('location'), rows: z.array(ZLocation), next }),
  z.object({ kind: z.literal('workType'), rows: z.array(ZWorkType), next }),
  z.object({ kind: z.literal('item'), rows: z.array(ZItem), next }),
  z.object({ kind: z.literal('resource'), rows: z.array(ZResource), next }),
  z.object({ kind: z.literal('unit'), rows: z.array(ZUnit), next }),
]);
export type TOfflinePage = z.infer<typeof ZOfflinePage>;
