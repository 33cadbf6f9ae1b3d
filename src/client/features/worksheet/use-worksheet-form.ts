import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useAfterRender } from '../../lib/after-render';
import type { UnitType } from '../../../shared/limits';
import { m } from '../../../shared/paraglide/messages.js';
import { getLocale } from '../../../shared/paraglide/runtime.js';
import type { TWorksheetFormSettings, TWorksheetRecord } from '../../../shared/schemas/worksheet';
import { isTimeMode, unitForType } from '../../../shared/worksheet-rules';
import { confirm } from '../../components/confirm';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-zod-form';
import type { ComboOption } from './combo-box';
import { loadDraft, sessionDrafts, type WorksheetDraft } from './draft';
import {
  computedQuantity,
  createdAndNew,
  customerChosen,
  descriptionTyped,
  initialValues,
  type FormValues,
  jobChosen,
  jobFound,
  quantityLeft,
  singleJobFound,
  tasksLoaded,
  timeLeft,
  unitChosen,
  unitLoaded,
  unitTypeChosen,
  unitUomCodes,
  valuesOfRecord,
  workTypeChosen,
  type FormContext,
  type WorksheetPayload,
} from './worksheet-form-state';
import { submitWorksheet } from './ws-api';
import { AppCallError, errorMessage, serverFieldErrors, translateText } from '../../lib/errors';
import { describeFailure } from './create-failure';
import { focusEntry, focusField, focusFirstInvalid } from './focus';
import { loadOutbox } from './offline/outbox-state';
import { sharedLazyPart } from '../../lib/lazy';
import { invalidateCounts } from './invalidate-counts';
import { useFormDraft } from './use-form-draft';
import { useFormOptions } from './use-form-options';
import { todayIso, useFormLookups } from './ws-data';

// The home page's list of waiting entries (one loading state with its other askers, decision 0185).
const OutboxListPart = sharedLazyPart<{ settings: TWorksheetFormSettings | undefined }>('outbox-list', () => import('./offline/outbox-list').then((mod) => mod.OutboxList));

/** How long a submit waits for the chosen unit's lookup still on its way (decision 0503). */
const UNIT_WAIT_MS = 5_000;

type SchemaModule = typeof import('./worksheet-form-schema');
/** The schema's module once loaded (zod comes with it; not on the worksheet home's first load). */
let schemaModule: SchemaModule | null = null;
const loadSchemaModule = async (): Promise<SchemaModule> => (schemaModule ??= await import('./worksheet-form-schema'));

/** A queued entry of the outbox opened in the entry form (offline/outbox-list.tsx makes it). */
export interface OutboxDraft {
  id: string;
  values: FormValues;
  files: File[];
}

export interface WorksheetFormProps {
  settings: TWorksheetFormSettings;
  /** Edit mode: the record to change. */
  record?: TWorksheetRecord | undefined;
  /** A queued entry of the offline outbox to edit (issue 14): saving replaces it there. */
  queued?: OutboxDraft | undefined;
  /** Called after a successful Create (not Create & New) or Update; 'queued' when kept in the outbox. */
  onDone?: ((record: TWorksheetRecord | 'queued', how: 'create' | 'update') => void) | undefined;
  onCancel?: (() => void) | undefined;
  /** A new entry's values from the URL (the week view's empty cell, issue 22 §6); a draft wins. */
  prefill?: Partial<Record<'date' | 'customerNo' | 'jobCode' | 'jobTaskCode' | 'unitType' | 'unitNo' | 'workTypeCode', string>> | undefined;
}

/** The form's first values with the URL's prefill laid over them (unit type first: it decides the unit). */
function withPrefill(values: FormValues, prefill: WorksheetFormProps['prefill']): FormValues {
  if (!prefill) return values;
  const out = { ...values };
  if (prefill.date) out.date = prefill.date;
  if (prefill.customerNo) out.customerNo = prefill.customerNo;
  if (prefill.jobCode) out.jobCode = prefill.jobCode;
  if (prefill.jobTaskCode) out.jobTaskCode = prefill.jobTaskCode;
  if (prefill.unitType === 'Item' || prefill.unitType === 'Resource') out.unitType = prefill.unitType;
  if (prefill.unitNo) out.unitNo = prefill.unitNo;
  if (prefill.workTypeCode) out.workTypeCode = prefill.workTypeCode;
  return out;
}

const here = () => (typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`);

/**
 * The entry form's state and behaviour (spec §4): the values in the one form mechanism
 * (lib/use-zod-form.ts) with the form's schema, the rules applied in event handlers as the pure
 * transitions of worksheet-form-state.ts — a choice, or the answer of the look-up it started —
 * and the draft kept in sessionStorage (draft.ts). The component only renders what this returns.
 */
export function useWorksheetForm({ settings, record, queued, onDone, onCancel, prefill }: WorksheetFormProps) {
  const editing = record !== undefined;
  const formId = useId();
  const utils = trpc.useUtils();
  const lookups = useFormLookups();
  const locale = getLocale();
  const ctx: FormContext = useMemo(() => ({ settings, record }), [settings, record]);
  const [loadedSchema, setLoadedSchema] = useState<SchemaModule | null>(schemaModule);
  const schema = useMemo(() => loadedSchema?.worksheetFormSchema(settings, locale) ?? null, [loadedSchema, settings, locale]);
  const ensureSchema = async () => {
    const mod = await loadSchemaModule();
    setLoadedSchema(mod);
    return mod.worksheetFormSchema(settings, locale);
  };

  // A draft of this user and form, restored once when the form opens.
  const [restored, setRestored] = useState<WorksheetDraft | null>(() => (queued ? null : loadDraft(sessionDrafts(), settings.username, record?.id, record?.version)));
  const form = useZodForm(schema, restored?.values ?? queued?.values ?? (record ? valuesOfRecord(record, locale) : withPrefill(initialValues(settings, todayIso()), prefill)), {
    translate: translateText,
    serverErrors: serverFieldErrors,
  });
  const values = form.values;
  // A create goes through the outbox. Its code is fetched as soon as the user starts on the form (a
  // field focused or pressed), so an entry made after the server went out of reach is kept on the
  // device, not refused (decision 0285); a page nobody writes on does not fetch it (4 KB, issue 25 §4).
  // The list of waiting entries comes too, so that the home page can show the entry kept there
  // even when the connection went while the form was open (before the service worker had its chunk).
  const onStart = () => {
    if (editing) return;
    void loadOutbox().catch(() => undefined);
    OutboxListPart.preload();
  };
  const [files, setFiles] = useState<File[]>(queued?.files ?? []);
  const [keptIds, setKeptIds] = useState<number[]>(() => restored?.keptIds ?? record?.attachments.map((a) => a.id) ?? []);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | 'create' | 'createNew' | 'update'>(null);
  const [attachmentsOpen, setAttachmentsOpen] = useState(false);
  // A Create refused on the client for the work type's unit of measure (issue 22 §1): the
  // conflict shows at Work type until it is resolved.
  const [conflictRefused, setConflictRefused] = useState(false);
  // The lookup of the unit just chosen, while it is on its way (loadUnit); a submit waits for it.
  const unitLoading = useRef<Promise<unknown> | null>(null);
  const afterRender = useAfterRender();
  // Whether the user changed anything since the form opened or was saved: only then is there a draft.
  const touched = useRef(restored !== null);
  // Where the form is (read when it opens: when it goes away the address may already be /login).
  const [path] = useState(here);

  const timeMode = isTimeMode(settings.resourceUnits, values.unitType);
  const unitLock = unitForType(values.unitType, settings.defaultResource, settings.lockDefaultResource);
  const unitLocked = unitLock.locked && values.unitNo === unitLock.unitNo && !editing;

  // ---- option lists and the work type's unit of measure (use-form-options.ts) ----
  const { lists, setUnitTyped, jobs, selectedJob, uoms, forcedUomOf, forcedUom, uomRule } = useFormOptions(values, settings, record);
  const conflictParams = { workType: values.workTypeCode, code: uomRule.kind === 'free' ? '' : uomRule.code, unit: values.unitNo };
  const uomConflict = uomRule.kind !== 'conflict' ? undefined : values.unitType === 'Item' ? m.ws_uom_conflict_item(conflictParams) : m.ws_uom_conflict_resource(conflictParams);
  // The form's errors, with the refused conflict at Work type while it lasts.
  const errors = conflictRefused && uomConflict && !form.errors.workTypeCode ? { ...form.errors, workTypeCode: uomConflict } : form.errors;

  // ---- look-ups a choice starts; their answers go through the pure transitions ----

  /** A job's tasks: a single one is chosen. */
  async function loadTasks(jobCode: string) {
    if (!jobCode || !settings.showJobTask) return;
    const list = await lookups.jobTasks(jobCode);
    if (list)
      form.update((v) =>
        tasksLoaded(
          v,
          jobCode,
          list.map((t) => t.code),
          ctx,
        ),
      );
  }

  /** A job typed as a code (not picked from the list): its bill-to customer. */
  async function loadJob(jobCode: string) {
    const found = await lookups.jobs(jobCode, 1);
    const job = found?.[0]?.code === jobCode ? found[0] : undefined;
    if (job) form.update((v) => jobFound(v, jobCode, job.billToCustomerNo, ctx));
  }

  /** A customer's jobs (two rows tell whether exactly one): the single one is chosen, then its tasks. */
  async function loadSingleJob(customerNo: string) {
    if (!customerNo) return;
    const list = await lookups.jobs('', 2, customerNo);
    if (!list) return;
    let chosen = '';
    form.update((v) => {
      const next = singleJobFound(
        v,
        customerNo,
        list.map((j) => j.code),
      );
      chosen = next.jobCode !== v.jobCode ? next.jobCode : '';
      return next;
    });
    if (chosen) void loadTasks(chosen);
  }

  /** The chosen unit itself (still active? its description) and its units of measure. */
  async function loadUnit(unitType: UnitType | '', unitNo: string) {
    if (!unitType || !unitNo) return;
    // The work type as the unit is chosen: a carried one may be cleared by the answer, not one chosen meanwhile.
    const carriedWorkType = form.values.workTypeCode;
    const answer = Promise.all([lookups.unit(unitType, unitNo), lookups.unitsOfMeasure(unitType, unitNo)]);
    unitLoading.current = answer;
    try {
      const [found, uomList] = await answer;
      if (!found || !uomList) return;
      const unit = found[0]?.no === unitNo ? found[0] : undefined;
      form.update((v) => unitLoaded(v, { unitType, unitNo, unit, uoms: uomList.map((u) => u.code), carriedWorkType }, forcedUomOf(v.workTypeCode), ctx));
    } finally {
      if (unitLoading.current === answer) unitLoading.current = null;
    }
  }

  // The form opened: a preset unit (the default resource, a restored draft) is checked, its
  // description and unit of measure filled. An event of its own, run once.
  useEffect(() => {
    if (!editing) void loadUnit(values.unitType, values.unitNo);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form opens
  }, []);

  // ---- the draft (issue 10 §6; use-form-draft.ts) ----
  const { persistDraft, dropDraft } = useFormDraft({ settings, record, editing, path, values, getValues: () => form.values, keptIds, files, touched });

  /** A user's change: from now on there is a draft. */
  const change = (...fields: string[]) => {
    if (!touched.current) void ensureSchema();
    touched.current = true;
    form.clearErrors(...fields);
  };

  // ---- handlers: each choice applies its rules ----

  const onCustomer = (customerNo: string) => {
    change('customerNo');
    form.update((v) => customerChosen(v, customerNo, selectedJob));
    void loadSingleJob(customerNo);
  };

  const onJob = (jobCode: string) => {
    change('jobCode', 'customerNo', 'jobTaskCode');
    const billTo = jobs.data?.find((j) => j.code === jobCode)?.billToCustomerNo;
    form.update((v) => jobChosen(v, jobCode, billTo, ctx));
    void loadTasks(jobCode);
    if (jobCode && billTo === undefined) void loadJob(jobCode);
  };

  const onTask = (jobTaskCode: string) => {
    change('jobTaskCode');
    form.set('jobTaskCode', jobTaskCode);
  };

  const onLocation = (locationCode: string) => {
    change('locationCode');
    form.set('locationCode', locationCode);
  };

  const onWorkType = (workTypeCode: string) => {
    change('workTypeCode', 'unitOfMeasureCode');
    form.update((v) =>
      workTypeChosen(
        v,
        workTypeCode,
        forcedUomOf(workTypeCode),
        v.unitNo ? unitUomCodes(v, v.unitNo === values.unitNo ? uoms.data?.map((u) => u.code) : undefined, record) : undefined,
      ),
    );
  };

  const onUnitType = (unitType: UnitType) => {
    change('unitType', 'unitNo', 'unitOfMeasureCode', 'timeFrom', 'timeTo', 'quantity');
    setUnitTyped('');
    form.update((v) => unitTypeChosen(v, unitType, forcedUomOf(v.workTypeCode), ctx));
    void loadUnit(unitType, unitForType(unitType, settings.defaultResource, settings.lockDefaultResource).unitNo);
  };

  const onUnit = (unitNo: string, option?: ComboOption) => {
    change('unitNo', 'unitOfMeasureCode', 'timeFrom', 'timeTo', 'quantity', 'description');
    form.update((v) => unitChosen(v, unitNo, option?.label ?? null, forcedUomOf(v.workTypeCode), ctx));
    void loadUnit(values.unitType, unitNo);
  };

  const onUom = (unitOfMeasureCode: string) => {
    change('unitOfMeasureCode');
    form.set('unitOfMeasureCode', unitOfMeasureCode);
  };

  const onDate = (date: string) => {
    change('date');
    form.set('date', date);
  };

  const onDescription = (description: string) => {
    change('description');
    form.update((v) => descriptionTyped(v, description));
  };

  const onTime = (field: 'timeFrom' | 'timeTo', value: string) => {
    change('timeFrom', 'timeTo', 'quantity');
    form.set(field, value);
  };
  const onTimeBlur = (field: 'timeFrom' | 'timeTo') => form.update((v) => timeLeft(v, field));

  const onQuantity = (typed: string) => {
    change('quantity');
    // Kept as typed (only characters a number can hold) and read in the locale on blur and
    // submit: reformatting while typing would move the caret and the marks.
    form.set('quantity', typed.replace(/[^\d.,\s\u2212-]/g, ''));
  };
  const onQuantityBlur = () => {
    if (!timeMode) form.update((v) => quantityLeft(v, locale));
  };

  const onFiles = (next: File[]) => {
    touched.current = true;
    setFiles(next);
  };
  const onKept = (next: number[]) => {
    touched.current = true;
    setKeptIds(next);
  };

  /** Back to a fresh form: the default resource is checked again. */
  function startOver() {
    const fresh = initialValues(settings, todayIso());
    form.reset(fresh);
    setFiles([]);
    setFormError(null);
    setConflictRefused(false);
    setRestored(null);
    dropDraft();
    void loadUnit(fresh.unitType, fresh.unitNo);
  }

  // ---- submit: the one path that sends the entry (create, create & new, update) ----

  async function submit(how: 'create' | 'createNew' | 'update') {
    // One at a time: Enter in a field while a save (or its wait below) runs does not send it twice.
    if (busy !== null) return;
    // A unit just chosen whose units of measure are still on their way (a busy server, a slow
    // line): Create waits for them and then runs on the filled-in form, instead of refusing at an
    // empty Unit of measure that fills itself a moment later (seen under load, e2e worksheet-drafts).
    const loading = unitLoading.current;
    if (loading) {
      setBusy(how);
      // Not for ever: a lookup that hangs leaves the form to its own check after a few seconds.
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([loading.catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, UNIT_WAIT_MS)))]);
      clearTimeout(timer);
      unitLoading.current = null;
      const rendered = afterRender();
      setBusy(null);
      await rendered;
      void latestSubmit.current(how);
      return;
    }
    setFormError(null);
    const out: WorksheetPayload | null = form.validate(document.getElementById(formId), schema ?? (await ensureSchema()));
    // A work type whose unit of measure the unit lacks is refused here, at the field, before
    // any request (issue 22 §1); the server would refuse it too.
    if (uomConflict) {
      setConflictRefused(true);
      if (out) focusField(formId, 'workTypeCode');
      return;
    }
    if (!out) return;
    // Saved first: a session that ended answers 401 and the page goes to /login (issue 10 §6).
    persistDraft();
    setBusy(how);
    try {
      // A create goes through the offline outbox (issue 14): sent now, or kept on the device when
      // the network fails; editing a queued entry replaces it there.
      const saved = editing
        ? await submitWorksheet(out, { id: record.id, version: record.version, keepAttachmentIds: keptIds, files })
        : await (await loadOutbox()).submitOrQueue(out, { files, outboxId: queued?.id });
      await invalidateCounts(utils);
      dropDraft();
      setRestored(null);
      if (saved === 'queued') {
        toast.info(m.outbox_toast_queued());
        setFiles([]);
        if (how === 'createNew') form.reset(createdAndNew(form.values));
        else {
          startOver();
          onDone?.('queued', 'create');
        }
        return;
      }
      if (how === 'update') {
        toast.success(m.ws_toast_updated());
        await utils.worksheet.get.invalidate({ id: saved.id });
        onDone?.(saved, 'update');
        return;
      }
      toast.success(m.ws_toast_created());
      setFiles([]);
      setConflictRefused(false);
      if (how === 'createNew') {
        form.reset(createdAndNew(form.values));
        // Issue 22 §3 (decision 0206): the field the user normally changes next — after hours the
        // unit type (materials follow), after an item the unit (the next item).
        focusField(formId, form.values.unitType === 'Item' ? 'unitNo' : 'unitType');
      } else {
        startOver();
        onDone?.(saved, 'create');
        // Issue 22 §3: the new entry, once the list shows it.
        focusEntry(saved.id);
      }
    } catch (error) {
      const message = errorMessage(error);
      // Issue 22 §1: the server's work-type rule sits on the unit of measure (often locked): it is
      // shown and focused at Work type, the field to change; the toast names the field.
      const failure = describeFailure(error, { workTypeCode: values.workTypeCode, unitOfMeasureCode: values.unitOfMeasureCode, forcedUom });
      if (failure.workTypeError) form.setServerErrors(new AppCallError(400, failure.workTypeError, undefined, {}, { workTypeCode: [failure.workTypeError] }));
      if (form.setServerErrors(error) || failure.workTypeError) focusFirstInvalid(formId);
      else setFormError(message);
      // Spec §8: a failed create says so, with what is wrong.
      if (how === 'update') toast.error(failure.detail ?? message);
      else toast.error(`${m.ws_toast_create_failed()}: ${failure.detail ?? message}`);
    } finally {
      setBusy(null);
    }
  }

  // The submit of the latest render (its values), for a submit that waited for the unit's lookup.
  const latestSubmit = useRef(submit);
  useEffect(() => {
    latestSubmit.current = submit;
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(editing ? 'update' : 'create');
  };

  const onReset = async () => {
    if (!(await confirm({ title: m.ws_reset(), message: m.ws_reset_confirm(), confirmLabel: m.ws_reset(), danger: true }))) return;
    startOver();
  };

  const cancel = () => {
    dropDraft();
    onCancel?.();
  };

  const computed = computedQuantity(values, settings);

  return {
    formId,
    editing,
    queued: queued !== undefined,
    settings,
    values,
    errors,
    uomConflict,
    formError,
    busy,
    restored: restored ? { files: restored.files } : null,
    timeMode,
    computedQuantity: computed,
    unitLocked,
    uomRule,
    attachments: { open: attachmentsOpen, setOpen: setAttachmentsOpen, files, keptIds, count: files.length + keptIds.length, onFiles, onKept },
    lists,
    on: {
      customer: onCustomer,
      job: onJob,
      task: onTask,
      location: onLocation,
      workType: onWorkType,
      unitType: onUnitType,
      unit: onUnit,
      uom: onUom,
      date: onDate,
      description: onDescription,
      time: onTime,
      timeBlur: onTimeBlur,
      quantity: onQuantity,
      quantityBlur: onQuantityBlur,
    },
    onSubmit,
    onStart,
    submit,
    onReset,
    cancel,
  };
}

export type WorksheetFormModel = ReturnType<typeof useWorksheetForm>;
