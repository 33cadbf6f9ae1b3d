import type { Database } from '../../../db/database';
import { insertPeriodLog, lockPeriodForClose, periodLog, readClosedUntil, setClosedUntil } from '../../../db/queries/period';
import { PERIOD_LOG_MAX } from '../../shared/limits';
import type { TClosedPeriod } from '../../shared/schemas/period';
import type { Actor } from '../context';

type Db = Parameters<typeof periodLog>[0];

async function closedPeriod(db: Db, accountId: number, closedUntil: string | null): Promise<TClosedPeriod> {
  const log = await periodLog(db, accountId, PERIOD_LOG_MAX);
  return {
    closedUntil,
    log: log.map((r) => ({ id: r.id, username: r.username, at: r.at.toISOString(), from: r.fromDate, to: r.toDate })),
  };
}

/** GET /api/account/closed-period (issue 40 §3). */
export async function getClosedPeriod(db: Database, actor: Actor): Promise<TClosedPeriod> {
  return closedPeriod(db, actor.accountId, await readClosedUntil(db, actor.accountId));
}

/**
 * PUT /api/account/closed-period (issue 40 §3, decision 0371): closes the account's time up to and
 * including `closedUntil`, or reopens (an earlier date, or null). The account row is locked FOR
 * UPDATE first: the close waits for every worksheet write under way (each holds it FOR KEY SHARE,
 * assertOpenPeriod / createRecord) and the writes after it see the new date, so no entry of the
 * closed period changes after the close commits. Every change is logged (who, when, from, to); the
 * same date again changes and logs nothing.
 */
export async function setClosedPeriod(db: Database, actor: Actor, closedUntil: string | null): Promise<TClosedPeriod> {
  return db.transaction().execute(async (trx) => {
    const before = await lockPeriodForClose(trx, actor.accountId);
    if (before !== closedUntil) {
      await setClosedUntil(trx, actor.accountId, closedUntil);
      await insertPeriodLog(trx, { accountId: actor.accountId, username: actor.username, fromDate: before, toDate: closedUntil });
    }
    return closedPeriod(trx, actor.accountId, closedUntil);
  });
}
