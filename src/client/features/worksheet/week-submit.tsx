import { m } from '../../../shared/paraglide/messages.js';
import type { TWeekSubmission } from '../../../shared/schemas/week-submission';
import { weekNumber } from '../../../shared/week';
import { Button } from '../../components/button';
import { confirm } from '../../components/confirm';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatNumber } from '../../lib/format';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { invalidateCounts } from './invalidate-counts';
import { useUnsubmittedWeeks } from './week-submit-reminder';
import './week-submit.css';

/*
 * Issue 40 §2 (decision 0410): the week view's line about submitting the week — its state (not
 * submitted / submitted / sent back, resubmit / approved), "Submit week" for the worker and
 * "Approve week" for the team leader of a submitted week. Nothing while the account's setting
 * "Workers submit their weeks" is off.
 */

const stateText = (s: TWeekSubmission, n: string) =>
  ({ open: m.wsub_state_open, submitted: m.wsub_state_submitted, returned: m.wsub_state_returned, approved: m.wsub_state_approved })[s.state]({ week: n });

export function WeekSubmit({ week, user }: { week: string; user: string | undefined }) {
  const utils = trpc.useUtils();
  // Asked only while the account's setting is on (the reminder's query says so; shared with the home page).
  const on = useUnsubmittedWeeks()?.enabled === true;
  const query = trpc.worksheet.weekSubmission.useQuery({ week, username: user ?? null }, { enabled: on, placeholderData: (prev) => prev, retry: false });
  const submit = trpc.worksheet.submitWeek.useMutation();
  const approve = trpc.worksheet.approveWeek.useMutation();
  const s = query.data;
  if (!s || !s.enabled || s.week !== week) return null;
  const n = String(weekNumber(week));
  const refresh = () => Promise.all([utils.worksheet.weekSubmission.invalidate(), utils.worksheet.unsubmittedWeeks.invalidate(), invalidateCounts(utils)]);

  const onSubmit = async () => {
    if (!(await confirm({ title: m.wsub_submit(), message: m.wsub_submit_confirm({ week: n }), confirmLabel: s.state === 'returned' ? m.wsub_resubmit() : m.wsub_submit() })))
      return;
    try {
      utils.worksheet.weekSubmission.setData({ week, username: user ?? null }, await submit.mutateAsync({ week, username: user ?? null }));
      toast.success(m.wsub_submitted_toast({ week: n }));
      await refresh();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  const onApprove = async () => {
    const open = s.entries - s.approved;
    if (!(await confirm({ title: m.wsub_approve(), message: m.wsub_approve_confirm({ count: formatNumber(open), user: s.username, week: n }), confirmLabel: m.wsub_approve() })))
      return;
    try {
      const res = await approve.mutateAsync({ week, username: s.username });
      const count = formatNumber(res.changed.length);
      if (res.refused.length > 0) toast.error(m.wsub_approved_refused({ count, refused: formatNumber(res.refused.length) }));
      else toast.success(m.wsub_approved_toast({ count }));
      await refresh();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  return (
    <div className={`wk-submit wk-submit--${s.state}`}>
      <p className="wk-submit__text" role="status">
        <strong>{stateText(s, n)}</strong>
        {s.submittedAt && s.submittedBy && s.state !== 'open' && (
          <span className="wk-submit__by">{m.wsub_submitted_by({ when: formatDateTime(s.submittedAt), user: s.submittedBy })}</span>
        )}
        {s.returned > 0 && <span className="wk-submit__by">{s.returned === 1 ? m.wsub_returned_one() : m.wsub_returned_count({ count: formatNumber(s.returned) })}</span>}
      </p>
      {s.canSubmit && (s.entries > 0 || s.state === 'returned') && (
        <Button variant="primary" className="wk-submit__action" loading={submit.isPending} onClick={() => void onSubmit()}>
          {s.state === 'returned' ? m.wsub_resubmit() : m.wsub_submit()}
        </Button>
      )}
      {s.canApprove && s.entries > s.approved && (
        <Button variant="primary" className="wk-submit__action" loading={approve.isPending} onClick={() => void onApprove()}>
          {m.wsub_approve()}
          <span className="visually-hidden"> {m.ws_approve_week_label({ name: s.username, week: n })}</span>
        </Button>
      )}
    </div>
  );
}
