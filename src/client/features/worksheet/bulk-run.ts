import { m } from '../../../shared/paraglide/messages.js';
import type { TBulkApproveResult } from '../../../shared/schemas/worksheet';
import { confirm } from '../../components/confirm';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/errors';
import { formatNumber } from '../../lib/format';
import type { BulkTarget } from './bulk-approve';

/*
 * A bulk approval's steps (issue 23 §2, decision 0218): the server's dry run, the one confirmation
 * with its numbers, the call, the toasts. A chunk of its own, fetched on the first "Approve"
 * (decision 0285): the list's first paint does not carry it.
 */

const reasonText: Record<TBulkApproveResult['refused'][number]['reason'], () => string> = {
  NOT_FOUND: m.ws_bulk_reason_not_found,
  EXPORTED: m.ws_bulk_reason_exported,
  FORBIDDEN: m.ws_bulk_reason_forbidden,
  PERIOD_CLOSED: m.ws_bulk_reason_period_closed,
};

/** The bulk call as the page's mutation makes it (its failures go through the app's error handling). */
export type BulkCall = (input: BulkTarget & { isApproved: boolean; dryRun?: boolean }) => Promise<TBulkApproveResult>;

/**
 * Approve (or unapprove) a target after one confirmation; resolves the ids that changed (empty
 * when cancelled or refused). Refused entries are said in a toast, by reason.
 */
export async function runBulkApprove(bulk: BulkCall, refetch: () => Promise<unknown>, target: BulkTarget, isApproved: boolean): Promise<number[]> {
  try {
    const dry = await bulk({ ...target, isApproved, dryRun: true });
    if (dry.changed.length === 0) {
      if (dry.refused.length > 0) toast.error(refusedText(dry));
      return [];
    }
    const counts = { entries: m.ws_n_entries({ count: formatNumber(dry.changed.length) }), people: m.ws_n_people({ count: formatNumber(dry.people) }) };
    const ok = await confirm({
      title: isApproved ? m.ws_bulk_confirm_title() : m.ws_bulk_unconfirm_title(),
      message: isApproved ? m.ws_bulk_confirm(counts) : m.ws_bulk_unconfirm(counts),
      confirmLabel: isApproved ? m.ws_bulk_approve() : m.ws_bulk_unapprove(),
    });
    if (!ok) return [];
    // The real call names exactly the entries the confirmation counted.
    const res = await bulk({ ids: dry.changed, isApproved });
    const n = formatNumber(res.changed.length);
    toast.success(isApproved ? m.ws_bulk_approved({ count: n }) : m.ws_bulk_unapproved({ count: n }));
    if (res.refused.length > 0 || dry.refused.length > 0) toast.error(refusedText(res.refused.length > 0 ? res : dry));
    await refetch();
    return res.changed;
  } catch (error) {
    toast.error(errorMessage(error));
    return [];
  }
}

function refusedText(r: TBulkApproveResult): string {
  const reasons = [...new Set(r.refused.map((x) => x.reason))].map((reason) => reasonText[reason]()).join(', ');
  return m.ws_bulk_refused({ count: formatNumber(r.refused.length), reasons });
}
