import { useMemo, type FormEvent } from 'react';
import { z } from 'zod';
import { ERR } from '../../../shared/errors';
import { m } from '../../../shared/paraglide/messages.js';
import type { UnitType } from '../../../shared/limits';
import type { TWorksheetFormSettings } from '../../../shared/schemas/worksheet';
import type { TWeekRow } from '../../../shared/schemas/worksheet-week';
import { autoSelect, conditionalErrors } from '../../../shared/worksheet-rules';
import { Button } from '../../components/button';
import { AppCallError } from '../../lib/errors';
import { useZodForm } from '../../lib/use-zod-form';
import { PickerComboBox, type ComboOption } from './combo-box';
import { useFormOptions } from './use-form-options';
import { initialValues, jobChosen, unitChosen, unitTypeChosen, workTypeChosen, type FormContext, type FormValues } from './worksheet-form-state';

/*
 * Issue 40 §4: "Add row" — the row's job, task, unit type, unit, work type and unit of measure,
 * picked with the entry form's own pickers (combo-box.tsx, use-form-options.ts) and transitions
 * (worksheet-form-state.ts), checked with the form's conditional rules (spec §5). The row is empty
 * until a day is typed into: nothing is stored by adding it (decision 0420).
 */

const strings = z.object({
  date: z.string(),
  customerNo: z.string(),
  jobCode: z.string(),
  jobTaskCode: z.string(),
  locationCode: z.string(),
  workTypeCode: z.string(),
  unitType: z.enum(['Item', 'Resource', '']),
  unitNo: z.string(),
  description: z.string(),
  timeFrom: z.string(),
  timeTo: z.string(),
  quantity: z.string(),
  unitOfMeasureCode: z.string(),
  descriptionEdited: z.boolean(),
});

function rowSchema(settings: TWorksheetFormSettings) {
  return strings.superRefine((v, ctx) => {
    const errors: Record<string, string> = {};
    for (const field of ['jobCode', 'unitType', 'unitNo'] as const) if (v[field] === '') errors[field] = ERR.required;
    // The form's rules for what the account makes mandatory (a location is the entry's, not the row's).
    for (const [field, message] of Object.entries(conditionalErrors({ ...settings, mandatoryLocation: false }, { ...v, customerNo: settings.showCustomer ? v.customerNo : '' })))
      if (field !== 'customerNo') errors[field] ??= message;
    for (const [field, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [field], message });
  });
}

interface Props {
  settings: TWorksheetFormSettings;
  today: string;
  onAdd: (row: TWeekRow) => void;
  onCancel: () => void;
}

export function WeekAddRow({ settings, today, onAdd, onCancel }: Props) {
  const schema = useMemo(() => rowSchema(settings), [settings]);
  const form = useZodForm(schema, initialValues(settings, today));
  const values = form.values as FormValues;
  const ctx: FormContext = { settings };
  const { lists, jobs, forcedUomOf, uoms, uomRule, setUnitTyped } = useFormOptions(values, settings, undefined);
  // A single unit of measure (or the work type's) is the row's without a choice, as in the form.
  const uomCodes = (uoms.data ?? []).map((u) => u.code);
  const uom = uomRule.kind === 'forced' ? uomRule.code : values.unitNo ? autoSelect(uomCodes, values.unitOfMeasureCode) : '';
  const label = (list: { options: readonly ComboOption[]; selected?: ComboOption | undefined }, value: string) =>
    (list.options.find((o) => o.value === value) ?? (list.selected?.value === value ? list.selected : undefined))?.label ?? null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const out = form.validate(e.currentTarget as HTMLElement, schema);
    if (!out) return;
    const v = { ...out, unitOfMeasureCode: out.unitOfMeasureCode || uom };
    // The unit of measure may be the unit's only one, shown but not chosen: required all the same.
    if (!v.unitOfMeasureCode) {
      form.setServerErrors(new AppCallError(400, ERR.required, undefined, {}, { unitOfMeasureCode: [ERR.required] }));
      return;
    }
    onAdd({
      jobCode: v.jobCode,
      jobDescription: label(lists.jobs, v.jobCode),
      jobTaskCode: settings.showJobTask && v.jobTaskCode ? v.jobTaskCode : null,
      jobTaskDescription: label(lists.tasks, v.jobTaskCode),
      customerNo: v.customerNo || null,
      unitType: v.unitType as UnitType,
      unitNo: v.unitNo,
      unitDescription: label(lists.units, v.unitNo),
      workTypeCode: settings.showWorkType && v.workTypeCode ? v.workTypeCode : null,
      unitOfMeasureCode: v.unitOfMeasureCode,
      days: [0, 0, 0, 0, 0, 0, 0],
      entries: [0, 0, 0, 0, 0, 0, 0],
      cells: [null, null, null, null, null, null, null],
      total: 0,
    });
  };

  return (
    <form className="card wk-addrow" onSubmit={submit} noValidate aria-labelledby="wk-addrow-title">
      <h3 id="wk-addrow-title" className="wk-addrow__title">
        {m.ws_grid_add_title()}
      </h3>
      <div className="wk-addrow__fields">
        <PickerComboBox
          list={lists.jobs}
          name="jobCode"
          label={m.ws_field_job()}
          value={values.jobCode}
          onChange={(jobCode) => {
            form.clearErrors('jobCode', 'jobTaskCode');
            form.update((v) => jobChosen(v as FormValues, jobCode, jobs.data?.find((j) => j.code === jobCode)?.billToCustomerNo, ctx));
          }}
          error={form.errors.jobCode}
          required
        />
        {settings.showJobTask && (
          <PickerComboBox
            list={lists.tasks}
            name="jobTaskCode"
            label={m.ws_field_task()}
            value={values.jobTaskCode}
            onChange={(code) => form.set('jobTaskCode', code)}
            error={form.errors.jobTaskCode}
            required={settings.mandatoryJobTask}
            disabled={!values.jobCode}
          />
        )}
        <label className="field">
          <span className="field__label">{m.ws_field_unit_type()}</span>
          <select
            className="input"
            name="unitType"
            value={values.unitType}
            onChange={(e) => {
              const unitType = e.target.value as UnitType;
              setUnitTyped('');
              form.clearErrors('unitType', 'unitNo', 'unitOfMeasureCode');
              form.update((v) => unitTypeChosen(v as FormValues, unitType, forcedUomOf(values.workTypeCode), ctx));
            }}
          >
            <option value="Resource">{m.ws_unit_type_resource()}</option>
            <option value="Item">{m.ws_unit_type_item()}</option>
          </select>
        </label>
        <PickerComboBox
          list={lists.units}
          name="unitNo"
          label={m.ws_field_unit()}
          value={values.unitNo}
          onChange={(unitNo, option) => {
            form.clearErrors('unitNo', 'unitOfMeasureCode');
            form.update((v) => unitChosen(v as FormValues, unitNo, option?.label ?? null, forcedUomOf(values.workTypeCode), ctx));
          }}
          error={form.errors.unitNo}
          required
        />
        {settings.showWorkType && (
          <PickerComboBox
            list={lists.workTypes}
            name="workTypeCode"
            label={m.ws_field_work_type()}
            value={values.workTypeCode}
            onChange={(code) => {
              form.clearErrors('workTypeCode', 'unitOfMeasureCode');
              form.update((v) => workTypeChosen(v as FormValues, code, forcedUomOf(code), values.unitNo ? uomCodes : undefined));
            }}
            error={form.errors.workTypeCode}
            required={settings.mandatoryWorkType}
          />
        )}
        <PickerComboBox
          list={lists.uoms}
          name="unitOfMeasureCode"
          label={m.ws_field_uom()}
          value={values.unitOfMeasureCode || uom}
          onChange={(code) => form.set('unitOfMeasureCode', code)}
          error={form.errors.unitOfMeasureCode}
          required
          disabled={!values.unitNo || uomRule.kind === 'forced'}
        />
      </div>
      <div className="wk-addrow__buttons">
        <Button type="submit">{m.ws_grid_add()}</Button>
        <Button variant="ghost" onClick={onCancel}>
          {m.ws_grid_cancel()}
        </Button>
      </div>
    </form>
  );
}
