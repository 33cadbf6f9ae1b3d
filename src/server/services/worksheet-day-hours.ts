import { hoursOnDays, lockPersonDays, personDayKey, type PersonDay } from '../../../db/queries/day-hours';
import { DAY_HOURS_MAX, HOUR_UNITS, isHourUnit } from '../../shared/day-hours';
import { coded } from '../../shared/error-codes';
import { round2 } from '../../shared/unit-sums';
import { AppError } from '../errors';
import type { Trx } from './worksheet-record';

/*
 * Issue 40 (decision 0470): a person's hours on one date may not pass 24 — entries whose unit of
 * measure is hours (shared/day-hours.ts, the week grid's own rule), on create, update, move, copy
 * and so the offline outbox's sends. 409 DAY_OVER_24_HOURS naming the date and the sum the day
 * would have. The check runs inside the write's transaction with the person's day locked
 * (lockPersonDays), like the closed period's guard after the records are locked.
 */

/** 409 DAY_OVER_24_HOURS: the day and the hours it would come to. */
export const dayOverHours = (date: string, hours: number) => new AppError('CONFLICT', coded('DAY_OVER_24_HOURS', { date, hours: String(round2(hours)) }));

/** An entry's hours on a person's day (only entries whose unit is hours count). */
export interface DayEntry extends PersonDay {
  quantity: number;
  unitOfMeasureCode: string;
}

const hoursOf = (e: DayEntry | null | undefined) => (e && isHourUnit(e.unitOfMeasureCode) ? e.quantity : 0);

/**
 * Refuses when the entries `adds` (new ones, or the changed entry as it will be) bring a person's
 * day over 24 hours. `change`: the entry being changed (left out of the stored sum) and what it was
 * before; a change that does not add hours to a day is never refused, so a day already over 24
 * (entries from before the rule, an import) can still be corrected. No query when nothing adds hours.
 */
export async function assertDayHours(trx: Trx, accountId: number, adds: readonly DayEntry[], change?: { id: number; before: DayEntry }): Promise<void> {
  const hourAdds = adds.filter((a) => hoursOf(a) > 0);
  if (hourAdds.length === 0) return;
  const added = new Map<string, { day: PersonDay; hours: number }>();
  for (const a of hourAdds) {
    const k = personDayKey(a);
    const seen = added.get(k);
    added.set(k, { day: seen?.day ?? { username: a.username, date: a.date }, hours: (seen?.hours ?? 0) + a.quantity });
  }
  // What the changed entry already gave its old day: a change that moves nothing more onto it passes.
  const beforeKey = change ? personDayKey(change.before) : null;
  const beforeHours = change ? hoursOf(change.before) : 0;
  const grows = [...added.entries()].filter(([k, a]) => round2(a.hours - (k === beforeKey ? beforeHours : 0)) > 0);
  if (grows.length === 0) return;
  const days = grows.map(([, a]) => a.day);
  await lockPersonDays(trx, accountId, days);
  const stored = await hoursOnDays(trx, accountId, days, HOUR_UNITS, change?.id ?? null);
  for (const [k, a] of grows) {
    const total = round2((stored.get(k) ?? 0) + a.hours);
    if (total > DAY_HOURS_MAX) throw dayOverHours(a.day.date, total);
  }
}
