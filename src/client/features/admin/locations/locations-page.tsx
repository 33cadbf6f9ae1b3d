import { m } from '../../../../shared/paraglide/messages.js';
import { ZCreateLocationInput, type TLocation } from '../../../../shared/schemas/location';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { PageHeader } from '../../../components/page-header';
import { trpc } from '../../../lib/trpc';
import { ActiveBadge } from '../common/active-badge';
import { AdminList, type AdminColumn } from '../common/admin-list';
import { EditLink } from '../common/links';
import { PageState } from '../common/page-states';
import { deleteRecord, useSaveAction } from '../common/use-record-actions';
import { useZodForm } from '../../../lib/use-zod-form';

const dash = '–';

/**
 * /admin/locations (spec §2): the list (code, active) with the add form inline — there is no
 * add route. A row can be deleted from here (DELETE with {id, accountId}, spec §7) or edited.
 */
export function LocationsPage() {
  const list = trpc.location.list.useQuery();
  const utils = trpc.useUtils();
  const remove = trpc.location.delete.useMutation();

  const onDelete = (location: TLocation) =>
    deleteRecord({
      what: m.admin_location_describe({ code: location.code }),
      remove: () => remove.mutateAsync({ id: location.id, accountId: location.accountId }),
      success: m.admin_location_deleted,
      then: () => Promise.all([utils.location.list.invalidate(), utils.location.search.invalidate()]),
    });

  const columns: AdminColumn<TLocation>[] = [
    { key: 'code', header: m.admin_field_code(), cell: (r) => r.code, kind: 'code', sortValue: (r) => r.code },
    { key: 'name', header: m.admin_field_name(), cell: (r) => r.name ?? dash, sortValue: (r) => r.name },
    { key: 'active', header: m.admin_field_status(), cell: (r) => <ActiveBadge active={r.active} />, kind: 'badge', hideInCard: true, sortValue: (r) => (r.active ? 0 : 1) },
  ];

  return (
    <>
      <PageHeader title={m.section_locations()} subtitle={m.admin_locations_subtitle()} />
      <LocationAddForm />
      {PageState({ title: m.section_locations(), pending: list.isPending, error: list.error, backTo: '/admin', backLabel: m.admin_back_to_admin(), withHeader: false }) ?? (
        <AdminList
          rows={list.data ?? []}
          columns={columns}
          rowKey={(r) => r.code}
          label={m.section_locations()}
          filterText={(r) => `${r.code} ${r.name ?? ''}`}
          filterPlaceholder={m.admin_filter_code_name()}
          cardBadge={(r) => <ActiveBadge active={r.active} />}
          actions={(r) => (
            <span className="admin-actions">
              <EditLink to="/admin/locations/edit" search={{ code: r.code }} what={m.admin_location_describe({ code: r.code })} />
              <Button variant="ghost" onClick={() => void onDelete(r)} aria-label={m.admin_delete_named({ what: m.admin_location_describe({ code: r.code }) })}>
                {m.admin_delete()}
              </Button>
            </span>
          )}
          rowLink={(r) => ({ to: '/admin/locations/edit', search: { code: r.code } })}
          emptyTitle={m.admin_locations_empty()}
          emptyText={m.admin_locations_empty_text()}
        />
      )}
    </>
  );
}

/** The inline add form (spec §2: "the add form is inline, no add route"). */
function LocationAddForm() {
  const utils = trpc.useUtils();
  const create = trpc.location.create.useMutation();
  const form = useZodForm(ZCreateLocationInput, { code: '', name: '' });
  const { onSubmit, formError } = useSaveAction(form, {
    save: (values) => create.mutateAsync(values),
    reset: () => ({ code: '', name: '' }),
    success: m.admin_location_created,
    then: async (_created, element) => {
      await Promise.all([utils.location.list.invalidate(), utils.location.search.invalidate()]);
      element.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
    },
    failure: m.admin_location_create_failed,
  });

  return (
    <form className="inline-add" noValidate onSubmit={onSubmit} aria-label={m.admin_locations_add()}>
      <TextField label={m.admin_field_code()} autoComplete="off" spellCheck={false} required {...form.text('code')} />
      <TextField label={m.admin_field_name_optional()} autoComplete="off" {...form.text('name')} />
      <Button type="submit" variant="primary" loading={create.isPending}>
        {m.admin_locations_add()}
      </Button>
      {formError && (
        <p className="form-error" style={{ gridColumn: '1 / -1', marginBottom: 0 }}>
          {formError}
        </p>
      )}
    </form>
  );
}
