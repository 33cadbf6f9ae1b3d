import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { m } from '../../../../shared/paraglide/messages.js';
import { ZCreateCustomerInput } from '../../../../shared/schemas/customer';
import { TextField } from '../../../components/field';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../components/toast';
import { trpc } from '../../../lib/trpc';
import { masterDataErrorMessage } from '../common/errors';
import { AdminSection, FormActions, submitHandler } from '../common/form-parts';
import { useZodForm } from '../common/use-zod-form';
import '../common/admin-common.css';

/** /admin/customers/add (spec §2, §5). */
export function CustomerAddPage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.customer.create.useMutation();
  const form = useZodForm(ZCreateCustomerInput, { no: '', name: '' });
  const [formError, setFormError] = useState<string>();

  const onSubmit = submitHandler(async (element) => {
    const values = form.validate(element);
    if (!values) return;
    setFormError(undefined);
    try {
      await create.mutateAsync(values);
      toast.success(m.admin_customer_created());
      await Promise.all([utils.customer.list.invalidate(), utils.customer.search.invalidate()]);
      await navigate({ to: '/admin/customers' });
    } catch (error) {
      form.setServerErrors(error);
      setFormError(masterDataErrorMessage(error));
      toast.error(m.admin_customer_create_failed());
    }
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
