import { m } from '../../../../shared/paraglide/messages.js';
import { ZUpdateCustomerInput, type TCustomer } from '../../../../shared/schemas/customer';
import { Checkbox, TextField } from '../../../components/field';
import { PageHeader } from '../../../components/page-header';
import { trpc } from '../../../lib/trpc';
import { AdminSection, EditFormActions, ReadOnlyField } from '../common/form-parts';
import { PageState } from '../common/page-states';
import { useEditRecord } from '../common/use-record-actions';
import { useZodForm } from '../../../lib/use-zod-form';
import '../common/admin-common.css';

/** /admin/customers/edit?no= (spec §2, §5): number read-only. */
export function CustomerEditPage({ no }: { no: string }) {
  const record = trpc.customer.single.useQuery({ no }, { enabled: no !== '' });
  const state = PageState({
    title: m.admin_customers_edit_title(),
    pending: record.isPending,
    error: record.error,
    missingKey: no === '',
    backTo: '/admin/customers',
    backLabel: m.admin_customers_back(),
  });
  if (state || !record.data) return state;
  return (
    <>
      <PageHeader title={m.admin_customers_edit_title()} subtitle={`${record.data.no} · ${record.data.name}`} />
      <div className="admin-layout admin-layout--single">
        <CustomerForm record={record.data} />
      </div>
    </>
  );
}

const initial = (r: TCustomer) => ({ no: r.no, name: r.name, active: r.active, version: r.version });

function CustomerForm({ record }: { record: TCustomer }) {
  const utils = trpc.useUtils();
  const update = trpc.customer.update.useMutation();
  const remove = trpc.customer.delete.useMutation();
  const form = useZodForm(ZUpdateCustomerInput, initial(record));
  const { onSubmit, onDelete } = useEditRecord(form, {
    update: (values) => update.mutateAsync(values),
    reset: initial,
    remove: () => remove.mutateAsync({ no: record.no }),
    refresh: () =>
      Promise.all([
        utils.customer.list.invalidate(),
        utils.customer.single.invalidate(),
        utils.customer.search.invalidate(),
        utils.job.list.invalidate(),
        utils.job.single.invalidate(),
      ]),
    listPath: '/admin/customers',
    text: { what: () => m.admin_customer_describe({ no: record.no }), updated: m.admin_customer_updated, deleted: m.admin_customer_deleted },
  });

  return (
    <AdminSection title={m.admin_details()}>
      <form noValidate onSubmit={onSubmit}>
        <ReadOnlyField label={m.admin_field_no()} value={record.no} hint={m.admin_readonly_hint()} />
        <TextField label={m.admin_field_name()} autoComplete="off" required {...form.text('name')} />
        <Checkbox label={m.admin_field_active()} {...form.checkbox('active')} />
        <EditFormActions busy={update.isPending} deleting={remove.isPending} cancelTo="/admin/customers" onDelete={onDelete} />
      </form>
    </AdminSection>
  );
}
