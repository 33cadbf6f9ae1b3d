import { useNavigate } from '@tanstack/react-router';
import { m } from '../../../../shared/paraglide/messages.js';
import { ZUpdateLocationInput, type TLocation } from '../../../../shared/schemas/location';
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

/** /admin/locations/edit?code= (spec §2): code read-only, name, active; delete by code. */
export function LocationEditPage({ code }: { code: string }) {
  const record = trpc.location.single.useQuery({ code }, { enabled: code !== '' });
  const state = PageState({ title: m.admin_locations_edit_title(), pending: record.isPending, error: record.error, missingKey: code === '', backTo: '/admin/locations', backLabel: m.admin_locations_back() });
  if (state || !record.data) return state;
  return (
    <>
      <PageHeader title={m.admin_locations_edit_title()} subtitle={record.data.name ? `${record.data.code} · ${record.data.name}` : record.data.code} />
      <div className="admin-layout admin-layout--single">
        <LocationForm record={record.data} />
      </div>
    </>
  );
}

function LocationForm({ record }: { record: TLocation }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const update = trpc.location.update.useMutation();
  const remove = trpc.location.delete.useMutation();
  const form = useZodForm(ZUpdateLocationInput, { code: record.code, name: record.name ?? '', active: record.active });
  const refresh = () => Promise.all([utils.location.list.invalidate(), utils.location.single.invalidate(), utils.location.search.invalidate()]);

  const onSubmit = submitHandler(async (element) => {
    const values = form.validate(element);
    if (!values) return;
    try {
      const saved = await update.mutateAsync(values);
      form.reset({ code: saved.code, name: saved.name ?? '', active: saved.active });
      toast.success(m.admin_location_updated());
      await refresh();
    } catch (error) {
      form.setServerErrors(error);
      toast.error(masterDataErrorMessage(error));
    }
  });

  async function onDelete() {
    if (!(await confirmDelete(m.admin_location_describe({ code: record.code })))) return;
    try {
      await remove.mutateAsync({ code: record.code });
      toast.success(m.admin_location_deleted());
      await refresh();
      await navigate({ to: '/admin/locations' });
    } catch (error) {
      toast.error(masterDataErrorMessage(error));
    }
  }

  return (
    <AdminSection title={m.admin_details()}>
      <form noValidate onSubmit={onSubmit}>
        <ReadOnlyField label={m.admin_field_code()} value={record.code} hint={m.admin_readonly_hint()} />
        <TextField label={m.admin_field_name_optional()} autoComplete="off" {...form.text('name')} />
        <Checkbox label={m.admin_field_active()} {...form.checkbox('active')} />
        <FormActions
          submitLabel={m.admin_save()}
          busy={update.isPending}
          cancelTo="/admin/locations"
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
