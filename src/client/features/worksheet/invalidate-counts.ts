import type { trpc } from '../../lib/trpc';

type Utils = ReturnType<typeof trpc.useUtils>;

/**
 * Issue 38 §3: every number on screen that a change of entries can move — the list and its
 * totals, the week's sums, the home page's "entries waiting for approval" and the reports — is
 * asked again after each such change (create, edit, delete, approve, bulk approve, copy, export,
 * an outbox send). One list of them, so that no mutation forgets one.
 */
export function invalidateCounts(utils: Utils): Promise<unknown> {
  return Promise.all([
    utils.worksheet.list.invalidate(),
    utils.worksheet.totals.invalidate(),
    utils.worksheet.week.invalidate(),
    utils.report.glance.invalidate(),
    utils.report.get.invalidate(),
    // Issue 40 §2: the week's submission state and the home page's reminder.
    utils.worksheet.weekSubmission.invalidate(),
    utils.worksheet.unsubmittedWeeks.invalidate(),
  ]);
}
