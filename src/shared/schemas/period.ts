import { z } from 'zod';
import { optionalIsoDate } from '../fields';

/** One close or reopen of the account's period (issue 40 §3). */
export const ZPeriodCloseLogEntry = z.object({
  id: z.number(),
  username: z.string().describe('Who closed or reopened'),
  /** ISO date-time */
  at: z.string(),
  from: z.string().nullable().describe('The closed date before (YYYY-MM-DD), null = open'),
  to: z.string().nullable().describe('The closed date after (YYYY-MM-DD), null = open'),
});
export type TPeriodCloseLogEntry = z.infer<typeof ZPeriodCloseLogEntry>;

/** GET /api/account/closed-period: the closed date and the newest closes and reopens. */
export const ZClosedPeriod = z.object({
  closedUntil: z.string().nullable().describe('Entries dated on or before this day (YYYY-MM-DD) cannot be changed; null = nothing closed'),
  log: z.array(ZPeriodCloseLogEntry),
});
export type TClosedPeriod = z.infer<typeof ZClosedPeriod>;

/** PUT /api/account/closed-period: a later date closes more, an earlier date or null reopens. */
export const ZSetClosedPeriodInput = z.object({
  closedUntil: optionalIsoDate().describe('YYYY-MM-DD; null or empty reopens everything'),
});
export type TSetClosedPeriodInput = z.input<typeof ZSetClosedPeriodInput>;
