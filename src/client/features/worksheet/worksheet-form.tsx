import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { ERR } from '../../../shared/errors';
import type { UnitType } from '../../../shared/limits';
import { formatLocaleNumber, parseLocaleNumber } from '../../../shared/locale-number';
import { m } from '../../../shared/paraglide/messages.js';
import { getLocale } from '../../../shared/paraglide/runtime.js';
import type { TWorksheetFormSettings, TWorksheetRecord } from '../../../shared/schemas/worksheet';
import {
  afterCreateAndNew,
  afterCustomerChange,
  afterJobChange,
  afterUnitChange,
  autoSelect,
  conditionalErrors,
  hoursBetween,
  isTimeMode,
  prefillDescription,
  roundUpTime,
  unitForType,
} from '../../../shared/worksheet-rules';
import { Button } from '../../components/button';
import { confirm } from '../../components/confirm';
import { toast } from '../../components/toast';
import { trpc } from '../../lib/trpc';
import { submitOrQueue, type OutboxDraft } from '../../offline/outbox';
import { AttachmentModal } from './attachment-modal';
import { ComboBox, type ComboOption } from './combo-box';
import { submitWorksheet, type WorksheetFieldsOut } from './ws-api';
import {
  todayIso,
  useCustomerLookup,
  useCustomerSearch,
  useJobLookup,
  useJobSearch,
  useJobTasks,
  useLocationLookup,
  useLocationSearch,
  useSingleJobOf,
  useUnitLookup,
  useUnitSearch,
  useUnitsOfMeasure,
  useWorkTypeLookup,
  useWorkTypeSearch,
} from './ws-data';
import { AppCallError, errorMessage, serverFieldErrors, translateText, zodFormErrors, type FormErrors } from '../../lib/errors';

export interface FormValues {
  date: string;
  customerNo: string;
  jobCode: string;
  jobTaskCode: string;
  locationCode: string;
  workTypeCode: string;
  unitType: UnitType | '';
  unitNo: string;
  description: string;
  timeFrom: string;
  timeTo: string;
  quantity: string;
  unitOfMeasureCode: string;
}

export function initialValues(settings: TWorksheetFormSettings): FormValues {
  const unitType = settings.defaultUnitType;
  return {
    date: todayIso(),
    customerNo: '',
    jobCode: '',
    jobTaskCode: '',
    locationCode: '',
    workTypeCode: '',
    unitType,
    unitNo: unitForType(unitType, settings.defaultResource, settings.lockDefaultResource).unitNo,
    description: '',
    timeFrom: '',
    timeTo: '',
    quantity: '',
    unitOfMeasureCode: '',
  };
}

export function valuesOfRecord(r: TWorksheetRecord): FormValues {
  return {
    date: r.date,
    customerNo: r.customerNo ?? '',
    jobCode: r.jobCode,
    jobTaskCode: r.jobTaskCode ?? '',
    locationCode: r.locationCode ?? '',
    workTypeCode: r.workTypeCode ?? '',
    unitType: r.unitType,
    unitNo: r.unitNo,
    description: r.description,
    timeFrom: r.timeFrom ?? '',
    timeTo: r.timeTo ?? '',
    quantity: formatLocaleNumber(r.quantity, getLocale()),
    unitOfMeasureCode: r.unitOfMeasureCode,
  };
}

/** The typed quantity as the plain number text the schema reads ("1.234,5" in Danish → "1234.5"); invalid text is kept as is. */
function normalisedQuantity(text: string): string {
  const typed = parseLocaleNumber(text, getLocale());
  return typed.ok ? String(typed.value) : text.trim();
}

interface WorksheetFormProps {
  settings: TWorksheetFormSettings;
  /** Edit mode: the record to change. */
  record?: TWorksheetRecord;
  /** A queued entry to edit (offline outbox): saving replaces it there. */
  draft?: OutboxDraft;
  /** Called after a successful Create (not Create & New) or Update; 'queued' when kept in the outbox. */
  onDone?: (record: TWorksheetRecord | 'queued', how: 'create' | 'update') => void;
  onCancel?: () => void;
  /** Layout: 'inline' on the home page from 640 px, 'page' on /worksheet/add and edit. */
  layout: 'inline' | 'page';
}

/** Options from a list, plus the record's own value when it is no longer offered (kept on edit). */
function withCurrent(options: ComboOption[], value: string | null | undefined, label: string | null | undefined): ComboOption[] {
  if (!value || options.some((o) => o.value === value)) return options;
  return [{ value, label: label ?? null }, ...options];
}

/**
 * The entry form with every rule of spec §4. Create inline (tablet up) or on /worksheet/add;
 * edit on /worksheet/edit/{id}. The same zod schema as the server checks the fields; the server
 * decides in the end.
 */
export function WorksheetForm({ settings, record, draft, onDone, onCancel, layout }: WorksheetFormProps) {
  const editing = record !== undefined;
  const formId = useId();
  const utils = trpc.useUtils();
  const [values, setValues] = useState<FormValues>(() => (record ? valuesOfRecord(record) : (draft?.values ?? initialValues(settings))));
  const [descriptionEdited, setDescriptionEdited] = useState(editing || draft !== undefined);
  const [files, setFiles] = useState<File[]>(draft?.files ?? []);
  const [keptIds, setKeptIds] = useState<number[]>(() => record?.attachments.map((a) => a.id) ?? []);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | 'create' | 'createNew' | 'update'>(null);
  const [attachmentsOpen, setAttachmentsOpen] = useState(false);

  const timeMode = isTimeMode(settings.resourceUnits, values.unitType);
  const unitLock = unitForType(values.unitType, settings.defaultResource, settings.lockDefaultResource);
  const unitLocked = unitLock.locked && values.unitNo === unitLock.unitNo && !editing;

  // ---- option lists ----
  // Customers, jobs and locations are searched on the server as the user types (issue 9 point 4):
  // a customer filters the jobs by bill-to customer, a job the customers to its bill-to customer.
  const [customerTyped, setCustomerTyped] = useState('');
  const [jobTyped, setJobTyped] = useState('');
  const [locationTyped, setLocationTyped] = useState('');
  const customers = useCustomerSearch(customerTyped, values.jobCode, settings.showCustomer);
  const jobs = useJobSearch(jobTyped, values.customerNo);
  const locations = useLocationSearch(locationTyped, settings.showLocation);
  const chosenCustomer = useCustomerLookup(values.customerNo, settings.showCustomer);
  const selectedJob = useJobLookup(values.jobCode);
  const chosenLocation = useLocationLookup(values.locationCode, settings.showLocation);
  // The customer just chosen, until its single remaining job (if any) has been chosen.
  const [customerPending, setCustomerPending] = useState('');
  const singleJob = useSingleJobOf(customerPending);
  const tasks = useJobTasks(values.jobCode, settings.showJobTask);
  const [workTypeTyped, setWorkTypeTyped] = useState('');
  const workTypes = useWorkTypeSearch(workTypeTyped, settings.showWorkType);
  const selectedWorkType = useWorkTypeLookup(values.workTypeCode, settings.showWorkType);
  const [unitTyped, setUnitTyped] = useState('');
  const unitList = useUnitSearch(values.unitType, unitTyped);
  const chosenUnit = useUnitLookup(values.unitType, values.unitNo);
  const uoms = useUnitsOfMeasure(values.unitType, values.unitNo);

  const forcedUom = selectedWorkType?.unitOfMeasureCode ?? null;

  const customerOptions = useMemo(() => (customers.data ?? []).map((c) => ({ value: c.no, label: c.name })), [customers.data]);
  const jobOptions = useMemo(() => (jobs.data ?? []).map((j) => ({ value: j.code, label: j.description })), [jobs.data]);
  const locationOptions = useMemo(() => (locations.data ?? []).map((l) => ({ value: l.code, label: l.name })), [locations.data]);
  // The chosen value's label: from the server (by code), else the record's own copy on edit.
  const chosenCustomerOption = chosenCustomer
    ? { value: chosenCustomer.no, label: chosenCustomer.name }
    : record?.customerNo === values.customerNo && values.customerNo
      ? { value: record.customerNo, label: record.customerName }
      : undefined;
  const chosenJobOption = selectedJob
    ? { value: selectedJob.code, label: selectedJob.description }
    : record?.jobCode === values.jobCode && values.jobCode
      ? { value: record.jobCode, label: record.jobDescription }
      : undefined;
  const chosenLocationOption = chosenLocation ? { value: chosenLocation.code, label: chosenLocation.name } : undefined;

  const taskOptions = useMemo(
    () =>
      withCurrent(
        (tasks.data ?? []).map((t) => ({ value: t.code, label: t.description })),
        record && record.jobCode === values.jobCode ? record.jobTaskCode : null,
        record?.jobTaskDescription,
      ),
    [tasks.data, record, values.jobCode],
  );
  const workTypeOptions = useMemo(() => (workTypes.data ?? []).map((w) => ({ value: w.code, label: w.description })), [workTypes.data]);
  // The chosen work type's label: from the server (by code), else the record's own copy on edit.
  const chosenWorkTypeOption = selectedWorkType
    ? { value: selectedWorkType.code, label: selectedWorkType.description }
    : record?.workTypeCode === values.workTypeCode && values.workTypeCode
      ? { value: record.workTypeCode, label: record.workTypeDescription ?? record.workTypeCode }
      : undefined;
  const unitOptions = useMemo(() => (unitList.data ?? []).map((u) => ({ value: u.no, label: u.description })), [unitList.data]);
  // The chosen unit's label: from the server (by number), else the record's own copy on edit.
  const chosenUnitOption = chosenUnit.unit
    ? { value: chosenUnit.unit.no, label: chosenUnit.unit.description }
    : record && record.unitType === values.unitType && record.unitNo === values.unitNo
      ? { value: record.unitNo, label: record.unitDescription }
      : undefined;
  const uomOptions = useMemo(() => {
    let list: ComboOption[] = (uoms.data ?? []).map((u) => ({ value: u.code, label: u.description }));
    if (record && record.unitType === values.unitType && record.unitNo === values.unitNo) list = withCurrent(list, record.unitOfMeasureCode, record.unitOfMeasureDescription);
    if (forcedUom) list = withCurrent(list, forcedUom, null);
    return list;
  }, [uoms.data, record, values.unitType, values.unitNo, forcedUom]);

  const set = (patch: Partial<FormValues>) => setValues((v) => ({ ...v, ...patch }));
  const clearError = (...fields: string[]) =>
    setErrors((e) => {
      if (!fields.some((f) => e[f])) return e;
      const next = { ...e };
      for (const f of fields) delete next[f];
      return next;
    });

  // ---- spec §4 rules that wait for data ----

  // Tasks loaded: a single task is chosen (when tasks are shown); a task not of the job is cleared.
  useEffect(() => {
    if (!tasks.data || !settings.showJobTask) return;
    setValues((v) => ({ ...v, jobTaskCode: autoSelect(taskOptions.map((o) => o.value), v.jobTaskCode) }));
  }, [tasks.data, taskOptions, settings.showJobTask]);

  // A job filters customers to its bill-to customer: the single option is chosen.
  useEffect(() => {
    if (!selectedJob || !settings.showCustomer) return;
    setValues((v) => (v.jobCode !== selectedJob.code || v.customerNo === selectedJob.billToCustomerNo ? v : { ...v, customerNo: selectedJob.billToCustomerNo }));
  }, [selectedJob, settings.showCustomer]);

  // A customer chosen: if exactly one job is billed to it, that job is chosen (once, when known).
  useEffect(() => {
    if (singleJob === undefined) return;
    if (singleJob !== null) setValues((v) => (v.customerNo === customerPending && v.jobCode === '' ? { ...v, jobCode: singleJob, jobTaskCode: '' } : v));
    setCustomerPending('');
  }, [singleJob, customerPending]);

  // The unit must still be valid (active); a missing one is cleared — except the record's own
  // unit on edit, which stays as it was recorded.
  const keepRecordUnit = record !== undefined && record.unitType === values.unitType && record.unitNo === values.unitNo;
  useEffect(() => {
    if (!chosenUnit.checked || !chosenUnit.missing || values.unitNo === '' || keepRecordUnit) return;
    setValues((v) => (v.unitNo === values.unitNo ? { ...v, unitNo: '', unitOfMeasureCode: '' } : v));
  }, [chosenUnit.checked, chosenUnit.missing, values.unitNo, keepRecordUnit]);

  // Units of measure loaded: the only one is chosen — unless a work type forces its own.
  useEffect(() => {
    if (!uoms.data || forcedUom) return;
    setValues((v) => ({ ...v, unitOfMeasureCode: autoSelect(uomOptions.map((o) => o.value), v.unitOfMeasureCode) }));
  }, [uoms.data, uomOptions, forcedUom]);

  // A work type with a unit of measure forces (and locks) it.
  useEffect(() => {
    if (forcedUom) setValues((v) => (v.unitOfMeasureCode === forcedUom ? v : { ...v, unitOfMeasureCode: forcedUom }));
  }, [forcedUom]);

  // ---- handlers for the rules that follow a choice ----

  const onCustomer = (customerNo: string) => {
    clearError('customerNo');
    // Only the chosen job is known here: it stays if billed to the customer, else it is cleared;
    // a single remaining job is chosen once the server has answered (the effect above).
    setValues((v) => afterCustomerChange(v, customerNo, selectedJob ? [selectedJob] : []));
    setCustomerPending(customerNo);
  };

  const onJob = (jobCode: string) => {
    clearError('jobCode', 'customerNo', 'jobTaskCode');
    const billTo = settings.showCustomer ? jobs.data?.find((j) => j.code === jobCode)?.billToCustomerNo : undefined;
    setCustomerPending('');
    setValues((v) => afterJobChange(v, jobCode, billTo));
  };

  const onUnitType = (unitType: UnitType) => {
    clearError('unitType', 'unitNo', 'unitOfMeasureCode', 'timeFrom', 'timeTo', 'quantity');
    const { unitNo } = unitForType(unitType, settings.defaultResource, settings.lockDefaultResource);
    setUnitTyped('');
    setValues((v) => afterUnitChange({ ...v, unitType }, unitNo, forcedUom));
    // The default resource's description arrives with its look-up (effect below).
    if (unitNo) setValues((v) => ({ ...v, description: descriptionEdited ? v.description : '' }));
  };

  const prefill = (unitDescription: string | null) => {
    setValues((v) => ({ ...v, description: prefillDescription({ edited: descriptionEdited, current: v.description, defaultDescription: settings.defaultDescription, unitDescription }) }));
  };

  const onUnit = (unitNo: string, option?: ComboOption) => {
    clearError('unitNo', 'unitOfMeasureCode', 'timeFrom', 'timeTo', 'quantity', 'description');
    setValues((v) => afterUnitChange(v, unitNo, forcedUom));
    if (unitNo) prefill(option?.label ?? null);
  };

  // A unit set without its description (the default resource, a typed code): prefill it once the
  // look-up by number answers.
  useEffect(() => {
    if (editing || descriptionEdited || !values.unitNo || values.description) return;
    const unit = chosenUnit.unit;
    if (unit) set({ description: prefillDescription({ edited: false, current: '', defaultDescription: settings.defaultDescription, unitDescription: unit.description }) });
  }, [chosenUnit.unit, values.unitNo, values.description, descriptionEdited, editing, settings.defaultDescription]);

  const computedQuantity = timeMode ? hoursBetween(roundUpTime(values.timeFrom), roundUpTime(values.timeTo)) : null;

  // ---- submit ----

  function payload(): WorksheetFieldsOut {
    const v = values;
    const times = timeMode ? { timeFrom: roundUpTime(v.timeFrom), timeTo: roundUpTime(v.timeTo) } : { timeFrom: '', timeTo: '' };
    return {
      date: v.date,
      customerNo: settings.showCustomer ? v.customerNo : '',
      jobCode: v.jobCode,
      jobTaskCode: settings.showJobTask ? v.jobTaskCode : '',
      locationCode: settings.showLocation ? v.locationCode : '',
      workTypeCode: settings.showWorkType ? v.workTypeCode : '',
      unitType: v.unitType,
      unitNo: v.unitNo,
      description: v.description,
      ...times,
      quantity: timeMode ? (computedQuantity !== null && computedQuantity > 0 ? String(computedQuantity) : '') : normalisedQuantity(v.quantity),
      unitOfMeasureCode: v.unitOfMeasureCode,
    };
  }

  async function validate(out: WorksheetFieldsOut): Promise<FormErrors> {
    // The schema (and zod with it) loads at the first submit, not with the worksheet home (decision 0172).
    const { ZCreateWorksheetInput } = await import('../../../shared/schemas/worksheet');
    const parsed = ZCreateWorksheetInput.safeParse(out);
    const errs: FormErrors = parsed.success ? {} : zodFormErrors(parsed.error);
    const conditional = conditionalErrors(settings, { ...out, unitType: out.unitType as UnitType | '' });
    for (const [field, message] of Object.entries(conditional)) errs[field] ??= translateText(message);
    if (!timeMode && out.quantity === '') errs.quantity ??= translateText(ERR.required);
    // The typed text is read in the user's locale; the schema only ever sees the normalised number,
    // so a locale misreading is reported here and wins over whatever the schema made of the raw text.
    const typed = timeMode ? null : parseLocaleNumber(values.quantity, getLocale());
    if (typed && !typed.ok && typed.reason !== 'empty') {
      errs.quantity = translateText(typed.reason === 'tooManyDecimals' ? ERR.tooManyDecimals : ERR.mustBeNumber);
    }
    return errs;
  }

  async function submit(how: 'create' | 'createNew' | 'update') {
    const out = payload();
    const errs = await validate(out);
    setErrors(errs);
    setFormError(null);
    if (Object.keys(errs).length > 0) {
      focusFirstError(formId);
      return;
    }
    setBusy(how);
    try {
      const saved = editing ? await submitWorksheet(out, { id: record.id, version: record.version, keepAttachmentIds: keptIds, files }) : await submitOrQueue(out, { files, outboxId: draft?.id });
      await Promise.all([utils.worksheet.list.invalidate(), utils.worksheet.totals.invalidate()]);
      if (how === 'update' && saved !== 'queued') {
        toast.success(m.ws_toast_updated());
        await utils.worksheet.get.invalidate({ id: saved.id });
        onDone?.(saved, 'update');
        return;
      }
      if (saved === 'queued') toast.info(m.outbox_toast_queued());
      else toast.success(m.ws_toast_created());
      setFiles([]);
      if (how === 'createNew') {
        setValues(afterCreateAndNew);
      } else {
        setValues(initialValues(settings));
        setDescriptionEdited(false);
        onDone?.(saved, 'create');
      }
    } catch (error) {
      const fieldErrs = serverFieldErrors(error);
      setErrors(fieldErrs);
      const message = errorMessage(error);
      if (Object.keys(fieldErrs).length === 0) setFormError(message);
      else focusFirstError(formId);
      // Spec §8: a failed create says so; edit failures show the server's error.
      if (how === 'update') toast.error(message);
      else toast.error(error instanceof AppCallError && error.status === 400 ? m.ws_toast_create_failed() : `${m.ws_toast_create_failed()}: ${message}`);
    } finally {
      setBusy(null);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(editing ? 'update' : 'create');
  };

  const onReset = async () => {
    if (!(await confirm({ title: m.ws_reset(), message: m.ws_reset_confirm(), confirmLabel: m.ws_reset(), danger: true }))) return;
    setValues(initialValues(settings));
    setDescriptionEdited(false);
    setFiles([]);
    setErrors({});
    setFormError(null);
  };

  const attachmentCount = files.length + keptIds.length;
  const err = (f: keyof FormValues) => errors[f];

  return (
    <form id={formId} className={`ws-form ws-form--${layout}`} onSubmit={onSubmit} noValidate aria-label={editing ? m.ws_form_edit_title() : m.ws_form_new_title()}>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="ws-form__grid">
        <Field label={m.ws_field_date()} error={err('date')} required>
          {(id, describedBy) => (
            <input
              id={id}
              name="date"
              type="date"
              className="input"
              value={values.date}
              aria-invalid={err('date') ? true : undefined}
              aria-describedby={describedBy}
              required
              onChange={(e) => {
                clearError('date');
                set({ date: e.target.value });
              }}
            />
          )}
        </Field>
        {settings.showCustomer && (
          <ComboBox name="customerNo" label={m.ws_field_customer()} value={values.customerNo} options={customerOptions} onSearch={setCustomerTyped} limited={customers.limited} selectedOption={chosenCustomerOption} onChange={onCustomer} error={err('customerNo')} required loading={customers.isLoading} />
        )}
        <ComboBox name="jobCode" label={m.ws_field_job()} value={values.jobCode} options={jobOptions} onSearch={setJobTyped} limited={jobs.limited} selectedOption={chosenJobOption} onChange={onJob} error={err('jobCode')} required loading={jobs.isLoading} />
        {settings.showJobTask && (
          <ComboBox
            name="jobTaskCode"
            label={m.ws_field_task()}
            value={values.jobTaskCode}
            options={taskOptions}
            onChange={(jobTaskCode) => {
              clearError('jobTaskCode');
              set({ jobTaskCode });
            }}
            error={err('jobTaskCode')}
            required={settings.mandatoryJobTask}
            disabled={!values.jobCode}
            hint={!values.jobCode ? m.ws_hint_task_needs_job() : undefined}
            loading={tasks.isLoading && values.jobCode !== ''}
          />
        )}
        {settings.showLocation && (
          <ComboBox
            name="locationCode"
            label={m.ws_field_location()}
            value={values.locationCode}
            options={locationOptions}
            onSearch={setLocationTyped}
            limited={locations.limited}
            selectedOption={chosenLocationOption}
            onChange={(locationCode) => {
              clearError('locationCode');
              set({ locationCode });
            }}
            error={err('locationCode')}
            required={settings.mandatoryLocation}
            loading={locations.isLoading}
          />
        )}
        {settings.showWorkType && (
          <ComboBox
            name="workTypeCode"
            label={m.ws_field_work_type()}
            value={values.workTypeCode}
            options={workTypeOptions}
            onSearch={setWorkTypeTyped}
            limited={workTypes.limited}
            selectedOption={chosenWorkTypeOption}
            onChange={(workTypeCode) => {
              clearError('workTypeCode', 'unitOfMeasureCode');
              set({ workTypeCode });
            }}
            error={err('workTypeCode')}
            required={settings.mandatoryWorkType}
            loading={workTypes.isLoading}
          />
        )}
        <fieldset className={['field', 'ws-unit-type', err('unitType') ? 'field--invalid' : ''].join(' ')}>
          <legend className="field__label">
            {m.ws_field_unit_type()}
            <span className="ws-required" aria-hidden="true">
              {' '}
              *
            </span>
          </legend>
          <div className="ws-segmented">
            {(['Resource', 'Item'] as const).map((t) => (
              <label key={t} className={values.unitType === t ? 'is-checked' : undefined}>
                <input type="radio" name="unitType" value={t} checked={values.unitType === t} onChange={() => onUnitType(t)} />
                {t === 'Item' ? m.ws_unit_type_item() : m.ws_unit_type_resource()}
              </label>
            ))}
          </div>
          {err('unitType') && <p className="field__error">{err('unitType')}</p>}
        </fieldset>
        <ComboBox
          name="unitNo"
          label={m.ws_field_unit()}
          value={values.unitNo}
          options={unitOptions}
          onSearch={setUnitTyped}
          limited={unitList.limited}
          selectedOption={chosenUnitOption}
          onChange={onUnit}
          error={err('unitNo')}
          required
          disabled={values.unitType === '' || unitLocked}
          hint={unitLocked ? m.ws_hint_unit_locked() : undefined}
          loading={unitList.isLoading}
        />
        <Field label={m.ws_field_description()} error={err('description')} required className="ws-form__wide">
          {(id, describedBy) => (
            <input
              id={id}
              name="description"
              className="input"
              maxLength={100}
              value={values.description}
              aria-invalid={err('description') ? true : undefined}
              aria-describedby={describedBy}
              required
              onChange={(e) => {
                clearError('description');
                setDescriptionEdited(true);
                set({ description: e.target.value });
              }}
            />
          )}
        </Field>
        {timeMode && (
          <>
            <Field label={m.ws_field_time_from()} error={err('timeFrom')} required>
              {(id, describedBy) => (
                <input
                  id={id}
                  name="timeFrom"
                  type="time"
                  step={900}
                  className="input"
                  value={values.timeFrom}
                  aria-invalid={err('timeFrom') ? true : undefined}
                  aria-describedby={describedBy}
                  required
                  onChange={(e) => {
                    clearError('timeFrom', 'timeTo', 'quantity');
                    set({ timeFrom: e.target.value });
                  }}
                  onBlur={(e) => set({ timeFrom: roundUpTime(e.target.value) })}
                />
              )}
            </Field>
            <Field label={m.ws_field_time_to()} error={err('timeTo')} required>
              {(id, describedBy) => (
                <input
                  id={id}
                  name="timeTo"
                  type="time"
                  step={900}
                  className="input"
                  value={values.timeTo}
                  aria-invalid={err('timeTo') ? true : undefined}
                  aria-describedby={describedBy}
                  required
                  onChange={(e) => {
                    clearError('timeFrom', 'timeTo', 'quantity');
                    set({ timeTo: e.target.value });
                  }}
                  onBlur={(e) => set({ timeTo: roundUpTime(e.target.value) })}
                />
              )}
            </Field>
          </>
        )}
        <Field label={m.ws_field_quantity()} error={err('quantity')} required hint={timeMode ? m.ws_hint_quantity_time() : undefined}>
          {(id, describedBy) => (
            <input
              id={id}
              name="quantity"
              className="input ws-number"
              inputMode="decimal"
              autoComplete="off"
              readOnly={timeMode}
              value={timeMode ? (computedQuantity === null ? '' : formatLocaleNumber(computedQuantity, getLocale())) : values.quantity}
              aria-invalid={err('quantity') ? true : undefined}
              aria-describedby={describedBy}
              required
              onChange={(e) => {
                clearError('quantity');
                // Kept as typed (only characters a number can hold) and read in the locale on blur
                // and submit: reformatting while typing would move the caret and the marks.
                set({ quantity: e.target.value.replace(/[^\d.,\s\u2212-]/g, '') });
              }}
              onBlur={() => {
                if (timeMode) return;
                const typed = parseLocaleNumber(values.quantity, getLocale());
                if (typed.ok) set({ quantity: formatLocaleNumber(typed.value, getLocale()) });
              }}
            />
          )}
        </Field>
        <ComboBox
          name="unitOfMeasureCode"
          label={m.ws_field_uom()}
          value={values.unitOfMeasureCode}
          options={uomOptions}
          onChange={(unitOfMeasureCode) => {
            clearError('unitOfMeasureCode');
            set({ unitOfMeasureCode });
          }}
          error={err('unitOfMeasureCode')}
          required
          disabled={!values.unitNo || forcedUom !== null}
          hint={forcedUom ? m.ws_hint_uom_locked({ code: forcedUom }) : undefined}
          loading={uoms.isLoading && values.unitNo !== ''}
        />
      </div>
      <div className="ws-form__buttons">
        {!editing && !draft && (
          <Button variant="ghost" onClick={() => void onReset()} disabled={busy !== null} className="ws-form__reset">
            {m.ws_reset()}
          </Button>
        )}
        <Button variant="secondary" onClick={() => setAttachmentsOpen(true)} aria-haspopup="dialog">
          <svg className="ws-icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M16.5 6.5l-7.8 7.8a2 2 0 002.8 2.8l7.8-7.8a4 4 0 00-5.7-5.7L5.8 11.4a6 6 0 008.5 8.5l6.2-6.2" />
          </svg>
          {m.ws_attachments_button({ count: String(attachmentCount) })}
        </Button>
        <span className="ws-form__spacer" />
        {editing || draft ? (
          <>
            <Button variant="secondary" onClick={onCancel} disabled={busy !== null}>
              {m.ws_cancel()}
            </Button>
            <Button variant="primary" type="submit" loading={busy !== null}>
              {m.ws_update()}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => void submit('createNew')} loading={busy === 'createNew'} disabled={busy !== null}>
              {m.ws_create_new()}
            </Button>
            <Button variant="primary" type="submit" loading={busy === 'create'} disabled={busy !== null}>
              {m.ws_create()}
            </Button>
          </>
        )}
      </div>
      <AttachmentModal
        open={attachmentsOpen}
        onClose={() => setAttachmentsOpen(false)}
        files={files}
        onFilesChange={setFiles}
        worksheetId={record?.id}
        stored={record?.attachments ?? []}
        keptIds={keptIds}
        onKeptChange={setKeptIds}
      />
    </form>
  );
}

function focusFirstError(formId: string) {
  requestAnimationFrame(() => {
    document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

/** A labelled control with error and hint, for inputs that are not comboboxes. */
function Field({
  label,
  error,
  hint,
  required,
  className,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
  className?: string;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && <span className="ws-required" aria-hidden="true"> *</span>}
      </label>
      <div className="field__control">{children(id, describedBy)}</div>
      {hint && !error && (
        <p id={`${id}-hint`} className="ws-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
