import { m } from '../../../../shared/paraglide/messages.js';
import { trpc } from '../../../lib/trpc';
import { SelectField } from '../common/form-parts';
import type { ZodForm } from '../../../lib/use-zod-form';
import type { ZCreateWorkTypeInput } from '../../../../shared/schemas/work-type';

/** The props of form.text('unitOfMeasureCode'), the same for the add and the edit form. */
type UomControl = ReturnType<ZodForm<typeof ZCreateWorkTypeInput>['text']>;

/**
 * A work type's unit of measure (issue 10 §8): chosen from the codes the account's units have,
 * never typed, so "hour" beside "HOUR" can't happen. A stored code that no unit has any more stays
 * selectable, so the record can still be saved as it is.
 */
export function WorkTypeUomField({ control, current }: { control: UomControl; current?: string | null }) {
  const codes = trpc.unit.codes.useQuery();
  const options = (codes.data ?? []).map((c) => ({ value: c.code, label: c.description && c.description !== c.code ? `${c.code} · ${c.description}` : c.code }));
  if (current && !options.some((o) => o.value === current)) options.unshift({ value: current, label: current });
  return (
    <SelectField
      label={m.admin_field_uom_optional()}
      hint={m.admin_worktype_uom_hint()}
      placeholder={codes.isPending ? m.admin_loading() : m.admin_worktype_uom_none()}
      options={options}
      {...control}
    />
  );
}
