import type { Database } from '../../../db/database';
import { findRecords, openIdsOfUser, setReturned } from '../../../db/queries/worksheet';
import { findAccountUser } from '../../../db/queries/worksheet-week';
import { ERR } from '../../shared/errors';
import type { TReturnWorksheetResult, ZReturnWorksheetInput } from '../../shared/schemas/worksheet-return';
import { weekDays } from '../../shared/week';
import type { z } from 'zod';
import type { Actor } from '../context';
import { AppError } from '../errors';
import { recordHistories } from './history';
import { emitWorksheetEvents } from './webhooks';
import { assertChangeable } from './worksheet-change-rule';
import { assertOpenPeriod } from './worksheet-period';
import { returnSubmittedWeeks } from './worksheet-submit';

const same = (a: string | null | undefined, b: string | null | undefined) => a != null && b != null && a.toLowerCase() === b.toLowerCase();

/**
 * POST /api/worksheet/return (issue 40 §1, decision 0370): a team leader (TEAM scope) or an admin
 * sends entries back to their owners with a reason — by ids, or a person's week. All or nothing:
 * every entry passes the approve toggle's rule (`assertChangeable` with approve: 404 not visible,
 * 409 exported, 403 not allowed) and the closed-period guard, else nothing changes. The records
 * are locked in id order (as the bulk approve locks them), so a concurrent approve or export of
 * the same entries runs before or after this one, never half-way. Each returned entry: unapproved,
 * `returnedBy/At/Reason` set, a 'return' line in its history with the reason, one
 * `worksheet.returned` webhook event.
 */
export async function returnWorksheetRecords(db: Database, actor: Actor, input: z.output<typeof ZReturnWorksheetInput>): Promise<TReturnWorksheetResult> {
  const reason = input.reason;
  return db.transaction().execute(async (trx) => {
    let ids: number[];
    if (input.week !== undefined) {
      // A person's week: the person is named like GET /api/worksheet/week names them.
      const user = await findAccountUser(trx, actor.accountId, input.username ?? '');
      if (!user) throw new AppError('NOT_FOUND', ERR.notFound);
      const allowed = actor.profileType === 'Admin' || (actor.profileType === 'Teamleader' && actor.teamCode !== null && same(user.teamCode, actor.teamCode));
      if (!allowed) throw new AppError('FORBIDDEN', ERR.forbidden);
      const days = weekDays(input.week);
      ids = await openIdsOfUser(trx, actor.accountId, user.id, days[0]!, days[6]!);
    } else {
      ids = [...new Set(input.ids ?? [])].sort((a, b) => a - b);
    }
    const rows = new Map((await findRecords(trx, actor, ids, { forUpdate: true })).map((r) => [r.id, r]));
    const sources = ids.map((id) => {
      const row = rows.get(id);
      assertChangeable(actor, row, { approve: true });
      return row;
    });
    await assertOpenPeriod(
      trx,
      actor.accountId,
      sources.map((r) => r.date),
    );
    const at = new Date();
    const changed = await setReturned(trx, actor.accountId, ids, actor.username, reason, at);
    // Issue 40 §2: a submitted week holding a returned entry is open again until resubmitted.
    await returnSubmittedWeeks(trx, actor, changed, at);
    const byId = new Map(sources.map((r) => [r.id, r]));
    await recordHistories(
      trx,
      changed.map((id) => ({
        accountId: actor.accountId,
        worksheetId: id,
        action: 'return' as const,
        username: actor.username,
        changes: {
          approvedBy: { from: byId.get(id)!.approvedBy, to: null },
          returnReason: { from: byId.get(id)!.returnReason, to: reason },
        },
      })),
    );
    await emitWorksheetEvents(trx, actor, 'worksheet.returned', changed);
    const people = new Set(sources.filter((r) => changed.includes(r.id)).map((r) => r.username.toLowerCase())).size;
    return { returned: changed, people };
  });
}
