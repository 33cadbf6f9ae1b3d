import type { Database } from '../../../../db/database';
import { recentCodes, type RecentColumn } from '../../../../db/queries/master-data/recent';
import type { UnitType } from '../../../shared/limits';

/**
 * The caller's recent codes for a picker search (issue 22 §4, decision 0208): none for a look-up
 * of one known code (limit 1 with a search text: the exact code comes first anyway) and none
 * without a user (an API key of no user).
 */
export function recentFor(
  db: Database,
  accountId: number,
  userId: number | null | undefined,
  column: RecentColumn,
  input: { q: string; limit?: number | undefined },
  unitType?: UnitType,
): Promise<string[]> {
  if (!userId || (input.limit === 1 && input.q !== '')) return Promise.resolve([]);
  return recentCodes(db, accountId, userId, column, unitType);
}
