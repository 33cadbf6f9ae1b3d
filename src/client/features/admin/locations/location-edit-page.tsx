import { m } from '../../../../shared/paraglide/messages.js';
import { ZUpdateLocationInput, type TLocation } from '../../../../shared/schemas/location';
import { Checkbox, TextField } from '../../../components/field';
import { PageHeader } from '../../../components/page-header';
import { trpc } from '../../../lib/trpc';
import { AdminSection, EditFormActions, ReadOnlyField } from '../common/form-parts';
import { PageState } from '../common/page-states';
import { useEditRecord } from '../common/use-record-actions';
import { useZodForm } from '../../../lib/use-zod-form';
import '../common/admin-common.css';

/** /admin/locations/edit?code= (spec §2): code read-only, name, active; delete by code. */
export function LocationEditPage({ code }: { code: string }) {
  const record = trpc.location.single.useQuery({ code }, { enabled: code !== '' });
  const state = PageState({
    title: m.admin_locations_edit_title(),
    pending: record.isPending,
    error: record.error,
    missingKey: code === '',
    backTo: '/admin/locations',
    backLabel: m.admin_locations_back(),
  });
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

const initial = (r: TLocation) => ({ code: r.code, name: r.name ?? '', active: r.active, version: r.version });

function LocationForm({ record }: { record: TLocation }) {
  const utils = trpc.useUtils();
  const update = trpc.location.update.useMutation();
  const remove = trpc.location.delete.useMutation();
  const form = useZodForm(ZUpdateLocationInput, initial(record));
  const { onSubmit, onDelete } = useEditRecord(form, {
    update: (values) => update.mutateAsync(values),
    reset: initial,
    remove: () => remove.mutateAsync({ code: record.code }),
    refresh: () => Promise.all([utils.location.list.invalidate(), utils.location.single.invalidate(), utils.location.search.invalidate()]),
    listPath: '/admin/locations',
    text: { what: () => m.admin_location_describe({ code: record.code }), updated: m.admin_location_updated, deleted: m.admin_location_deleted },
  });

  return (
    <AdminSection title={m.admin_details()}>
      <form noValidate onSubmit={onSubmit}>
        <ReadOnlyField label={m.admin_field_code()} value={record.code} hint={m.admin_readonly_hint()} />
        <TextField label={m.admin_field_name_optional()} autoComplete="off" {...form.text('name')} />
        <Checkbox label={m.admin_field_active()} {...form.checkbox('active')} />
        <EditFormActions busy={update.isPending} deleting={remove.isPending} cancelTo="/admin/locations" onDelete={onDelete} />
      </form>
    </AdminSection>
  );
}
