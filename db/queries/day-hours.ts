import { sql } from 'kysely';
import type { Db } from './worksheet';

/*
 * Issue 40, decision 0470: a person's hours on one date may not pass 24. The write that adds hours
 * locks the person's day (a transaction-scoped advisory lock keyed by account, owner and date), then
 * reads the day's sum and writes in the same transaction: two writes to the same day run one after
 * the other, so two creates cannot together pass 24 h. Writes to other days or people do not wait.
 */

/** A person's day: the owner's username (any case) and the date. */
export interface PersonDay {
  username: string;
  date: string;
}

const dayKey = (accountId: number, d: PersonDay) => `wd/${accountId}/${d.username.toLowerCase()}/${d.date}`;

/**
 * Locks the days until the transaction ends, in one order everywhere (sorted keys), so that two
 * writes locking several days (a week's copy) cannot deadlock. Call it inside a transaction.
 */
export async function lockPersonDays(trx: Db, accountId: number, days: readonly PersonDay[]): Promise<void> {
  const keys = [...new Set(days.map((d) => dayKey(accountId, d)))].sort();
  if (keys.length === 0) return;
  // unnest answers the keys in the array's order; each lock is taken as its row is produced.
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest(${keys}::text[]) AS k`.execute(trx);
}

/**
 * The hours the people already have on the days: the sum of the quantities of their entries whose
 * unit of measure is one of `hourUnits` (upper case), exported ones included, leaving out `excludeId`
 * (the entry being changed). Keyed `${lower(username)}/${date}`; a day without hours is absent.
 * Served by worksheet_owner_idx (user_id, exported, date).
 */
export async function hoursOnDays(db: Db, accountId: number, days: readonly PersonDay[], hourUnits: readonly string[], excludeId: number | null): Promise<Map<string, number>> {
  if (days.length === 0) return new Map();
  const names = [...new Set(days.map((d) => d.username.toLowerCase()))];
  const dates = [...new Set(days.map((d) => d.date))];
  const rows = await db
    .selectFrom('worksheetRecord as w')
    .innerJoin('appUser as u', 'u.id', 'w.userId')
    .select([sql<string>`lower(u.username)`.as('owner'), sql<string>`w.date::text`.as('day'), sql<string>`sum(w.quantity)::text`.as('hours')])
    .where('u.accountId', '=', accountId)
    .where(sql<boolean>`lower(u.username) = ANY(${names}::text[])`)
    .where('w.accountId', '=', accountId)
    // Both values of `exported` named, so the owner index (user_id, exported, date) is entered at the date.
    .where('w.exported', 'in', [false, true])
    .where(sql<boolean>`w.date = ANY(${dates}::date[])`)
    .where(sql<boolean>`upper(w.unit_of_measure_code) = ANY(${[...hourUnits]}::text[])`)
    .$if(excludeId !== null, (q) => q.where('w.id', '<>', excludeId!))
    .groupBy([sql`lower(u.username)`, 'w.date'])
    .execute();
  return new Map(rows.map((r) => [`${r.owner}/${r.day}`, Number(r.hours)]));
}

export const personDayKey = (d: PersonDay) => `${d.username.toLowerCase()}/${d.date}`;
