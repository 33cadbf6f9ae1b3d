import { z } from 'zod';
import { ERR } from '../../../../shared/errors';
import { isoDate } from '../../../../shared/fields';
import { m } from '../../../../shared/paraglide/messages.js';
import { Button } from '../../../components/button';
import { confirm } from '../../../components/confirm';
import { TextField } from '../../../components/field';
import { toast } from '../../../lib/toast';
import { errorMessage, translateText } from '../../../lib/errors';
import { formatDate, formatDateTime } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { useZodForm } from '../../../lib/use-zod-form';
import { AdminSection } from '../common/form-parts';

/** The day to close up to: a date is required here (the API's null, reopening, is the other button). */
const ZCloseForm = z.object({ closedUntil: isoDate() });
const translate = (message: string) => (message === ERR.required ? m.acct_period_date_required() : translateText(message));

const dayText = (d: string | null) => (d === null ? m.acct_period_open() : formatDate(d));

/**
 * Issue 40 §3: close the account's time up to a date (payroll has run), or reopen it; every close
 * and reopen is listed. While closed, no entry dated on or before the date can be changed.
 */
export function ClosedPeriodPanel() {
  const utils = trpc.useUtils();
  const period = trpc.account.closedPeriod.useQuery();
  const save = trpc.account.setClosedPeriod.useMutation();
  const form = useZodForm(ZCloseForm, { closedUntil: '' }, { translate });
  const closedUntil = period.data?.closedUntil ?? null;

  const apply = async (value: string | null) => {
    const ok = await confirm(
      value === null
        ? { title: m.acct_period_reopen_title(), message: m.acct_period_reopen_confirm(), confirmLabel: m.acct_period_reopen() }
        : { title: m.acct_period_close_title(), message: m.acct_period_close_confirm({ date: formatDate(value) }), confirmLabel: m.acct_period_close() },
    );
    if (!ok) return;
    try {
      const res = await save.mutateAsync({ closedUntil: value });
      utils.account.closedPeriod.setData(undefined, res);
      form.reset({ closedUntil: '' });
      toast.success(value === null ? m.acct_period_reopened() : m.acct_period_closed({ date: formatDate(value) }));
    } catch (e) {
      if (!form.setServerErrors(e)) toast.error(errorMessage(e));
    }
  };

  return (
    <AdminSection title={m.acct_period_title()} text={m.acct_period_text()}>
      <p className="acct-period__state" data-testid="closed-until">
        {closedUntil === null ? m.acct_period_state_open() : m.acct_period_state_closed({ date: formatDate(closedUntil) })}
      </p>
      <form
        className="acct-period__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const out = form.validate(e.currentTarget);
          if (out) void apply(out.closedUntil);
        }}
      >
        <TextField label={m.acct_period_date()} type="date" {...form.text('closedUntil')} />
        <div className="acct-period__actions">
          <Button variant="primary" type="submit" loading={save.isPending} disabled={!period.data}>
            {m.acct_period_close()}
          </Button>
          {closedUntil !== null && (
            <Button variant="secondary" onClick={() => void apply(null)} disabled={save.isPending}>
              {m.acct_period_reopen()}
            </Button>
          )}
        </div>
      </form>
      {period.data && period.data.log.length > 0 && (
        <table className="table acct-period__log">
          <caption>{m.acct_period_log()}</caption>
          <thead>
            <tr>
              <th scope="col">{m.acct_period_log_at()}</th>
              <th scope="col">{m.acct_period_log_by()}</th>
              <th scope="col">{m.acct_period_log_from()}</th>
              <th scope="col">{m.acct_period_log_to()}</th>
            </tr>
          </thead>
          <tbody>
            {period.data.log.map((l) => (
              <tr key={l.id}>
                <td>{formatDateTime(l.at)}</td>
                <td>{l.username}</td>
                <td>{dayText(l.from)}</td>
                <td>{dayText(l.to)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </AdminSection>
  );
}
