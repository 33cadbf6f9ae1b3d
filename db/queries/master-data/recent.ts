import { sql, type RawBuilder } from 'kysely';
import type { UnitType } from '../../../src/shared/limits';
import type { Db } from './common';

/*
 * "Recent first" for the entry form's pickers (issue 22 §4, decision 0208): the codes the user
 * chose in their own latest open entries, most recent first. One small query on the owner index
 * (user_id, exported, date DESC, id DESC) reads at most RECENT_ENTRIES rows, whatever the size of
 * the table; the search then orders its matches by that list (after the exact code).
 */

/** How many of the user's latest open entries are read. */
export const RECENT_ENTRIES = 50;
/** How many distinct recent codes lead a picker's list. */
export const RECENT_CODES = 5;

export type RecentColumn = 'jobCode' | 'workTypeCode' | 'unitNo';

/** The user's recent codes of `column` (Item or Resource units only, with `unitType`), most recent first. */
export async function recentCodes(db: Db, accountId: number, userId: number | null | undefined, column: RecentColumn, unitType?: UnitType): Promise<string[]> {
  if (!userId) return [];
  const rows = await db
    .selectFrom('worksheetRecord')
    .select((eb) => eb.ref(column).as('code'))
    .where('userId', '=', userId)
    .where('accountId', '=', accountId)
    .where('exported', '=', false)
    .$if(unitType !== undefined, (qb) => qb.where('unitType', '=', unitType as UnitType))
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(RECENT_ENTRIES)
    .execute();
  const codes: string[] = [];
  for (const { code } of rows) {
    if (code && !codes.includes(code)) codes.push(code);
    if (codes.length === RECENT_CODES) break;
  }
  return codes;
}

/** An ORDER BY key: the code's place among the recent ones (0 = most recent), the others after them. */
export function recentRank(codes: readonly string[], ref: string): RawBuilder<number> {
  if (codes.length === 0) return sql<number>`0`;
  const whens = codes.map((code, i) => sql`when ${code} then ${sql.lit(i)}`);
  return sql<number>`case ${sql.ref(ref)} ${sql.join(whens, sql` `)} else ${sql.lit(codes.length)} end`;
}
