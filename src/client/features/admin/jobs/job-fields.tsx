import { Link } from '@tanstack/react-router';
import { m } from '../../../../shared/paraglide/messages.js';
import type { TJob } from '../../../../shared/schemas/job';
import { TextField } from '../../../components/field';
import { trpc } from '../../../lib/trpc';
import { SelectField } from '../common/form-parts';
import type { ZodForm } from '../../../lib/use-zod-form';
import type { ZCreateJobInput, ZUpdateJobInput } from '../../../../shared/schemas/job';

type JobForm = ZodForm<typeof ZCreateJobInput> | ZodForm<typeof ZUpdateJobInput>;

const upper = (value: string) => value.toUpperCase();

/**
 * The job fields shared by the add and edit forms: description, bill-to customer (chosen from the
 * account's active customers, spec §5 — the current one stays choosable on edit even if it was
 * deactivated since) and team code (upper case).
 */
export function JobFields({ form, current }: { form: JobForm; current?: TJob }) {
  const customers = trpc.customer.search.useQuery({});
  const options = (customers.data ?? []).map((c) => ({ value: c.no, label: `${c.name} (${c.no})` }));
  if (current && !options.some((o) => o.value === current.billToCustomerNo)) {
    options.unshift({
      value: current.billToCustomerNo,
      label: m.admin_jobs_customer_inactive({ name: current.billToCustomerName ?? current.billToCustomerNo, no: current.billToCustomerNo }),
    });
  }
  const f = form as ZodForm<typeof ZCreateJobInput>;
  const noCustomers = customers.isSuccess && options.length === 0;
  return (
    <>
      <TextField label={m.admin_field_description_optional()} autoComplete="off" {...f.text('description')} />
      <SelectField
        label={m.admin_field_bill_to()}
        required
        placeholder={customers.isPending ? m.admin_loading() : m.admin_jobs_choose_customer()}
        options={options}
        {...f.text('billToCustomerNo')}
      />
      {noCustomers && (
        <p className="field__hint" style={{ marginTop: -8, marginBottom: 16 }}>
          {m.admin_jobs_no_customers()} <Link to="/admin/customers/add">{m.admin_customers_add()}</Link>
        </p>
      )}
      <TextField label={m.admin_field_team_optional()} autoComplete="off" spellCheck={false} {...f.text('teamCode', upper)} />
    </>
  );
}
