import { useNavigate } from '@tanstack/react-router';
import { m } from '../../../../shared/paraglide/messages.js';
import { ZCreateCustomerInput } from '../../../../shared/schemas/customer';
import { TextField } from '../../../components/field';
import { PageHeader } from '../../../components/page-header';
import { trpc } from '../../../lib/trpc';
import { AdminSection, FormActions } from '../common/form-parts';
import { useSaveAction } from '../common/use-record-actions';
import { useZodForm } from '../../../lib/use-zod-form';
import '../common/admin-common.css';

/** /admin/customers/add (spec §2, §5). */
export function CustomerAddPage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.customer.create.useMutation();
  const form = useZodForm(ZCreateCustomerInput, { no: '', name: '' });
  const { onSubmit, formError } = useSaveAction(form, {
    save: (values) => create.mutateAsync(values),
    success: m.admin_customer_created,
    then: () => Promise.all([utils.customer.list.invalidate(), utils.customer.search.invalidate()]).then(() => navigate({ to: '/admin/customers' })),
    failure: m.admin_customer_create_failed,
  });

  return (
    <>
      <PageHeader title={m.admin_customers_add()} />
      <div className="admin-layout admin-layout--single">
        <AdminSection title={m.admin_details()}>
          <form noValidate onSubmit={onSubmit}>
            <TextField label={m.admin_field_no()} autoComplete="off" spellCheck={false} autoFocus required {...form.text('no')} />
            <TextField label={m.admin_field_name()} autoComplete="off" required {...form.text('name')} />
            {formError && <p className="form-error">{formError}</p>}
            <FormActions submitLabel={m.admin_create()} busy={create.isPending} cancelTo="/admin/customers" />
          </form>
        </AdminSection>
      </div>
    </>
  );
}
