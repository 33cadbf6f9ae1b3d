import { useId } from 'react';
import { RESOURCE_UNITS, UNIT_TYPES, type ResourceUnits, type UnitType } from '../../../../shared/limits';
import { m } from '../../../../shared/paraglide/messages.js';
import { normaliseFlags, ZUpdateAccountInput, type TAccount } from '../../../../shared/schemas/account';
import { Checkbox, TextField } from '../../../components/field';
import { trpc } from '../../../lib/trpc';
import { useZodForm } from '../../../lib/use-zod-form';
import { AdminSection, FormActions } from '../common/form-parts';
import { useSaveAction } from '../common/use-record-actions';

type Flags = Pick<TAccount, 'showCustomer' | 'showJobTask' | 'showLocation' | 'showWorkType' | 'mandatoryJobTask' | 'mandatoryLocation' | 'mandatoryWorkType'>;

interface FlagRow {
  show: keyof Flags;
  /** null: the field has no mandatory flag of its own (a shown customer is always required, spec §5). */
  mandatory: keyof Flags | null;
  label: () => string;
}

const rows: FlagRow[] = [
  { show: 'showCustomer', mandatory: null, label: m.acct_field_customer },
  { show: 'showJobTask', mandatory: 'mandatoryJobTask', label: m.acct_field_job_task },
  { show: 'showLocation', mandatory: 'mandatoryLocation', label: m.acct_field_location },
  { show: 'showWorkType', mandatory: 'mandatoryWorkType', label: m.acct_field_work_type },
];

type AccountValues = Flags & Pick<TAccount, 'id' | 'defaultUnitType' | 'resourceUnits' | 'bcDocumentPrefix' | 'submitWeeks'>;

/** The form's values: the account's settings as PUT /api/account takes them. */
const valuesOf = (a: TAccount): AccountValues => ({
  id: a.id,
  defaultUnitType: a.defaultUnitType,
  resourceUnits: a.resourceUnits,
  showCustomer: a.showCustomer,
  showJobTask: a.showJobTask,
  showLocation: a.showLocation,
  showWorkType: a.showWorkType,
  mandatoryJobTask: a.mandatoryJobTask,
  mandatoryLocation: a.mandatoryLocation,
  mandatoryWorkType: a.mandatoryWorkType,
  bcDocumentPrefix: a.bcDocumentPrefix,
  submitWeeks: a.submitWeeks,
});

const unitTypeLabel: Record<UnitType, () => string> = { Item: m.acct_unit_type_item, Resource: m.acct_unit_type_resource };
const resourceUnitsLabel: Record<ResourceUnits, () => string> = { Time: m.acct_resource_units_time, Quantity: m.acct_resource_units_quantity };
const resourceUnitsHint: Record<ResourceUnits, () => string> = { Time: m.acct_resource_units_time_hint, Quantity: m.acct_resource_units_quantity_hint };

interface RadioGroupProps<T extends string> {
  legend: string;
  name: string;
  values: readonly T[];
  value: T;
  label: (value: T) => string;
  hint?: (value: T) => string;
  onChange: (value: T) => void;
}

function RadioGroup<T extends string>({ legend, name, values, value, label, hint, onChange }: RadioGroupProps<T>) {
  const id = useId();
  return (
    <fieldset className="acct-fieldset">
      <legend className="acct-legend">{legend}</legend>
      <div className="acct-choices">
        {values.map((v) => (
          // The whole card is clickable; the radio is named by the label only, the hint describes it.
          <label key={v} className="acct-choice" htmlFor={`${id}-${v}`}>
            <input
              id={`${id}-${v}`}
              type="radio"
              name={name}
              value={v}
              checked={value === v}
              aria-labelledby={`${id}-${v}-label`}
              aria-describedby={hint ? `${id}-${v}-hint` : undefined}
              onChange={() => onChange(v)}
            />
            <span className="acct-choice__text">
              <span id={`${id}-${v}-label`} className="acct-choice__label">
                {label(v)}
              </span>
              {hint && (
                <span id={`${id}-${v}-hint`} className="acct-choice__hint">
                  {hint(v)}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The account's settings (spec §2 Account screen, §4): which fields the entry form shows and
 * which of them are mandatory, the default unit type and how resources are logged. A mandatory
 * box is disabled and cleared while its field is hidden, as the server does.
 */
export function AccountSettingsForm({ account }: { account: TAccount }) {
  const utils = trpc.useUtils();
  const save = trpc.account.update.useMutation();
  const form = useZodForm(ZUpdateAccountInput, valuesOf(account));
  const flags = form.values;
  const hintId = useId();
  const { onSubmit, formError } = useSaveAction(form, {
    save: (values) => save.mutateAsync(values),
    reset: valuesOf,
    success: m.acct_saved,
    then: async (saved) => {
      utils.account.get.setData(undefined, saved);
      // The entry form reads resourceUnits from the user info call.
      void utils.user.info.invalidate();
    },
  });

  // Spec §4: a hidden field cannot be mandatory; its box is cleared with it (a pure transition).
  const setFlag = (key: keyof Flags, value: boolean) => form.update((current) => normaliseFlags({ ...current, [key]: value } as AccountValues));

  return (
    <AdminSection title={m.acct_settings_title()} text={m.acct_settings_text()}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset className="acct-fieldset">
          <legend className="acct-legend">{m.acct_fields_legend()}</legend>
          <div className="acct-flags" role="table" aria-label={m.acct_fields_legend()}>
            <div className="acct-flags__row acct-flags__row--head" role="row">
              <span role="columnheader">{m.acct_col_field()}</span>
              <span role="columnheader">{m.acct_col_show()}</span>
              <span role="columnheader">{m.acct_col_mandatory()}</span>
            </div>
            {rows.map((row) => {
              const shown = flags[row.show];
              return (
                <div key={row.show} className="acct-flags__row" role="row">
                  <span role="rowheader" className="acct-flags__name">
                    {row.label()}
                  </span>
                  <span role="cell">
                    <input
                      type="checkbox"
                      className="acct-flags__box"
                      name={row.show}
                      aria-label={m.acct_show_label({ field: row.label() })}
                      checked={Boolean(shown)}
                      onChange={(event) => setFlag(row.show, event.target.checked)}
                    />
                  </span>
                  <span role="cell">
                    {row.mandatory ? (
                      <input
                        type="checkbox"
                        className="acct-flags__box"
                        name={row.mandatory}
                        aria-label={m.acct_mandatory_label({ field: row.label() })}
                        checked={Boolean(flags[row.mandatory])}
                        disabled={!shown}
                        title={shown ? undefined : m.acct_mandatory_hidden_hint()}
                        onChange={(event) => row.mandatory && setFlag(row.mandatory, event.target.checked)}
                      />
                    ) : (
                      <span className="acct-flags__note">{shown ? m.acct_customer_always() : '–'}</span>
                    )}
                  </span>
                </div>
              );
            })}
          </div>
          <p className="acct-hint">{m.acct_flags_hint()}</p>
        </fieldset>

        <RadioGroup
          legend={m.acct_default_unit_type()}
          name="defaultUnitType"
          values={UNIT_TYPES}
          value={form.values.defaultUnitType as UnitType}
          label={(v) => unitTypeLabel[v]()}
          onChange={(v) => form.set('defaultUnitType', v)}
        />
        <RadioGroup
          legend={m.acct_resource_units()}
          name="resourceUnits"
          values={RESOURCE_UNITS}
          value={form.values.resourceUnits as ResourceUnits}
          label={(v) => resourceUnitsLabel[v]()}
          hint={(v) => resourceUnitsHint[v]()}
          onChange={(v) => form.set('resourceUnits', v)}
        />

        <fieldset className="acct-fieldset">
          <legend className="acct-legend">{m.acct_bc_legend()}</legend>
          <TextField label={m.acct_bc_prefix()} maxLength={10} autoComplete="off" {...form.text('bcDocumentPrefix', (v) => v.toUpperCase())} />
          <p className="acct-hint">{m.acct_bc_prefix_hint()}</p>
        </fieldset>

        <fieldset className="acct-fieldset">
          <legend className="acct-legend">{m.wsub_setting_legend()}</legend>
          <Checkbox label={m.wsub_setting_label()} aria-describedby={`${hintId}-submit`} {...form.checkbox('submitWeeks')} />
          <p className="acct-hint" id={`${hintId}-submit`}>
            {m.wsub_setting_hint()}
          </p>
        </fieldset>

        {formError && <p className="form-error">{formError}</p>}
        <FormActions submitLabel={m.acct_save()} busy={save.isPending} />
      </form>
    </AdminSection>
  );
}
