import { useNavigate } from '@tanstack/react-router';
import { m } from '../../../../shared/paraglide/messages.js';
import { ZUpdateCustomerInput, type TCustomer } from '../../../../shared/schemas/customer';
import { Button } from '../../../components/button';
import { Checkbox, TextField } from '../../../components/field';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../components/toast';
import { trpc } from '../../../lib/trpc';
import { confirmDelete } from '../common/confirm-delete';
import { masterDataErrorMessage } from '../common/errors';
import { AdminSection, FormActions, ReadOnlyField, submitHandler } from '../common/form-parts';
import { PageState } from '../common/page-states';
import { useZodForm } from '../common/use-zod-form';
import '../common/admin-common.css';

/** /admin/customers/edit?no= (spec §2, §5): number read-only. */
export function CustomerEditPage({ no }: { no: string }) {
  const record = trpc.customer.single.useQuery({ no }, { enabled: no !== '' });
  const state = PageState({ title: m.admin_customers_edit_title(), pending: record.isPending, error: record.error, missingKey: no === '', backTo: '/admin/customers', backLabel: m.admin_customers_back() });
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

function CustomerForm({ record }: { record: TCustomer }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const update = trpc.customer.update.useMutation();
  const remove = trpc.customer.delete.useMutation();
  const form = useZodForm(ZUpdateCustomerInput, { no: record.no, name: record.name, active: record.active });
  const refresh = () =>
    Promise.all([utils.customer.list.invalidate(), utils.customer.single.invalidate(), utils.customer.search.invalidate(), utils.job.list.invalidate(), utils.job.single.invalidate()]);

  const onSubmit = submitHandler(async (element) => {
    const values = form.validate(element);
    if (!values) return;
    try {
      const saved = await update.mutateAsync(values);
      form.reset({ no: saved.no, name: saved.name, active: saved.active });
      toast.success(m.admin_customer_updated());
      await refresh();
    } catch (error) {
      form.setServerErrors(error);
      toast.error(masterDataErrorMessage(error));
    }
  });

  async function onDelete() {
    if (!(await confirmDelete(m.admin_customer_describe({ no: record.no })))) return;
    try {
      await remove.mutateAsync({ no: record.no });
      toast.success(m.admin_customer_deleted());
      await refresh();
      await navigate({ to: '/admin/customers' });
    } catch (error) {
      toast.error(masterDataErrorMessage(error));
    }
  }

  return (
    <AdminSection title={m.admin_details()}>
      <form noValidate onSubmit={onSubmit}>
        <ReadOnlyField label={m.admin_field_no()} value={record.no} hint={m.admin_readonly_hint()} />
        <TextField label={m.admin_field_name()} autoComplete="off" required {...form.text('name')} />
        <Checkbox label={m.admin_field_active()} {...form.checkbox('active')} />
        <FormActions
          submitLabel={m.admin_save()}
          busy={update.isPending}
          cancelTo="/admin/customers"
          end={
            <Button variant="danger" onClick={() => void onDelete()} loading={remove.isPending}>
              {m.admin_delete()}
            </Button>
          }
        />
      </form>
    </AdminSection>
  );
}
