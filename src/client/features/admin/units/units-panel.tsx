import { m } from '../../../../shared/paraglide/messages.js';
import { ZCreateUnitInput, ZUpdateUnitInput } from '../../../../shared/schemas/unit';
import { trpc } from '../../../lib/trpc';
import { ChildPanel } from '../common/child-panel';

const createSchema = ZCreateUnitInput.pick({ code: true, description: true });
const updateSchema = ZUpdateUnitInput.pick({ description: true, active: true });

/** The units of measure of one item or resource, managed inline on its edit page (spec §2). */
export function UnitsPanel({ unitType, unitNo }: { unitType: 'Item' | 'Resource'; unitNo: string }) {
  const utils = trpc.useUtils();
  const units = trpc.unit.list.useQuery({ unitType, unitNo });
  const create = trpc.unit.create.useMutation();
  const update = trpc.unit.update.useMutation();
  const remove = trpc.unit.delete.useMutation();
  const refresh = () => Promise.all([utils.unit.list.invalidate({ unitType, unitNo }), utils.unit.search.invalidate()]);

  return (
    <ChildPanel
      testId="units-panel"
      rows={units.data}
      loading={units.isPending}
      createSchema={createSchema}
      updateSchema={updateSchema}
      text={{
        title: m.admin_units_title(),
        add: m.admin_units_add(),
        empty: m.admin_units_empty(),
        codeLabel: m.admin_field_code(),
        descriptionLabel: m.admin_field_description(),
        describe: (code) => m.admin_unit_describe({ code }),
        created: m.admin_unit_created(),
        createFailed: m.admin_unit_create_failed(),
        updated: m.admin_unit_updated(),
        deleted: m.admin_unit_deleted(),
      }}
      onCreate={async (values) => {
        await create.mutateAsync({ unitType, unitNo, ...values });
        await refresh();
      }}
      onUpdate={async (code, values) => {
        await update.mutateAsync({ unitType, unitNo, code, ...values });
        await refresh();
      }}
      onDelete={async (code) => {
        await remove.mutateAsync({ unitType, unitNo, code });
        await refresh();
      }}
    />
  );
}
