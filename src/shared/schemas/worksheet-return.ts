import { z } from 'zod';
import { errorToken } from '../error-tokens';
import { ERR } from '../errors';
import { id, optionalCode, plainString, requiredText } from '../fields';
import { BULK_APPROVE_MAX, MAX, RETURN_REASON_MAX } from '../limits';
import { isValidWeek } from '../week';

/**
 * POST /api/worksheet/return (issue 40 §1, decision 0370): send entries back to their owners with a
 * reason — one entry or a selection (`ids`), or a person's week (`username` + `week`).
 */
export const ZReturnWorksheetInput = z
  .object({
    accountId: z.unknown().optional().describe('Ignored; the account is the caller’s'),
    ids: z
      .array(id(), { error: ERR.required })
      .min(1, ERR.required)
      .max(BULK_APPROVE_MAX, errorToken('TOO_MANY_ITEMS', { max: BULK_APPROVE_MAX }))
      .optional()
      .meta({ description: `Ids of the entries, 1 … ${BULK_APPROVE_MAX}` }),
    username: optionalCode(MAX.username).optional().describe('With `week`: whose week'),
    week: plainString()
      .regex(/^\d{4}-W\d{2}$/, { error: ERR.invalidDate, abort: true })
      .refine(isValidWeek, ERR.invalidDate)
      .optional()
      .meta({ example: '2026-W44', description: 'With `username`: every unexported entry of that person in this ISO week' }),
    reason: requiredText(RETURN_REASON_MAX).meta({ description: `Why (shown to the worker), 1 … ${RETURN_REASON_MAX} characters` }),
  })
  .refine((v) => (v.ids === undefined) !== (v.week === undefined), { message: errorToken('RETURN_TARGET'), path: ['ids'] })
  .refine((v) => v.week === undefined || (v.username ?? null) !== null, { message: ERR.required, path: ['username'] });
export type TReturnWorksheetInput = z.input<typeof ZReturnWorksheetInput>;

export const ZReturnWorksheetResult = z.object({
  /** The entries sent back, in id order. */
  returned: z.array(z.number()),
  /** How many different people own them. */
  people: z.number(),
});
export type TReturnWorksheetResult = z.infer<typeof ZReturnWorksheetResult>;
