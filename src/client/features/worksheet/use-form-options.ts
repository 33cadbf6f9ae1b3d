import { useMemo, useState } from 'react';
import type { TWorksheetFormSettings, TWorksheetRecord } from '../../../shared/schemas/worksheet';
import { workTypeUomRule } from '../../../shared/worksheet-rules';
import type { ComboOption } from './combo-box';
import { isRecordUnit, unitUomCodes, type FormValues } from './worksheet-form-state';
import {
  useCustomerLookup,
  useCustomerSearch,
  useJobLookup,
  useJobSearch,
  useJobTasks,
  useLocationLookup,
  useLocationSearch,
  useUnitLookup,
  useUnitSearch,
  useUnitsOfMeasure,
  useWorkTypeLookup,
  useWorkTypeSearch,
} from './ws-data';

/** Options from a list, plus the record's own value when it is no longer offered (kept on edit). */
export function withCurrent(options: ComboOption[], value: string | null | undefined, label: string | null | undefined): ComboOption[] {
  if (!value || options.some((o) => o.value === value)) return options;
  return [{ value, label: label ?? null }, ...options];
}

/**
 * The entry form's pickers (issue 9 point 4: the server searches as the user types): each list's
 * options, its chosen value's label (from the server by code, else the record's own copy on edit)
 * and its search; and the work type's unit of measure rule (issue 10 §8), which the unit of
 * measure list and the form's checks share. Split from use-worksheet-form.ts (issue 39 §1).
 */
export function useFormOptions(values: FormValues, settings: TWorksheetFormSettings, record: TWorksheetRecord | undefined) {
  const [customerTyped, setCustomerTyped] = useState('');
  const [jobTyped, setJobTyped] = useState('');
  const [locationTyped, setLocationTyped] = useState('');
  const [unitTyped, setUnitTyped] = useState('');
  const [workTypeTyped, setWorkTypeTyped] = useState('');
  const customers = useCustomerSearch(customerTyped, values.jobCode, settings.showCustomer);
  const jobs = useJobSearch(jobTyped, values.customerNo);
  const locations = useLocationSearch(locationTyped, settings.showLocation);
  const chosenCustomer = useCustomerLookup(values.customerNo, settings.showCustomer);
  const selectedJob = useJobLookup(values.jobCode);
  const chosenLocation = useLocationLookup(values.locationCode, settings.showLocation);
  const tasks = useJobTasks(values.jobCode, settings.showJobTask);
  const workTypes = useWorkTypeSearch(workTypeTyped, settings.showWorkType);
  const selectedWorkType = useWorkTypeLookup(values.workTypeCode, settings.showWorkType);
  const unitList = useUnitSearch(values.unitType, unitTyped);
  const chosenUnit = useUnitLookup(values.unitType, values.unitNo);
  const uoms = useUnitsOfMeasure(values.unitType, values.unitNo);

  // A work type's forced unit of measure: the chosen one's look-up, or a row of the picker's matches.
  const forcedUomOf = (workTypeCode: string) =>
    (selectedWorkType?.code === workTypeCode ? selectedWorkType : workTypes.data?.find((w) => w.code === workTypeCode))?.unitOfMeasureCode ?? null;
  const forcedUom = forcedUomOf(values.workTypeCode);
  const unitUoms = unitUomCodes(
    values,
    uoms.data?.map((u) => u.code),
    record,
  );
  // Issue 10 §8: locked only when the unit has the work type's unit of measure; else explained.
  const uomRule = workTypeUomRule(forcedUom, values.unitNo ? unitUoms : undefined);

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
  const chosenWorkTypeOption = selectedWorkType
    ? { value: selectedWorkType.code, label: selectedWorkType.description }
    : record?.workTypeCode === values.workTypeCode && values.workTypeCode
      ? { value: record.workTypeCode, label: record.workTypeDescription ?? record.workTypeCode }
      : undefined;
  const unitOptions = useMemo(() => (unitList.data ?? []).map((u) => ({ value: u.no, label: u.description })), [unitList.data]);
  const chosenUnitOption = chosenUnit.unit
    ? { value: chosenUnit.unit.no, label: chosenUnit.unit.description }
    : isRecordUnit(values, record) && record
      ? { value: record.unitNo, label: record.unitDescription }
      : undefined;
  const uomOptions = useMemo(() => {
    let list: ComboOption[] = (uoms.data ?? []).map((u) => ({ value: u.code, label: u.description }));
    if (record && record.unitType === values.unitType && record.unitNo === values.unitNo) list = withCurrent(list, record.unitOfMeasureCode, record.unitOfMeasureDescription);
    if (uomRule.kind === 'forced') list = withCurrent(list, uomRule.code, null);
    return list;
  }, [uoms.data, record, values.unitType, values.unitNo, uomRule]);

  const lists = {
    customers: { options: customerOptions, selected: chosenCustomerOption, onSearch: setCustomerTyped, limited: customers.limited, loading: customers.isLoading },
    jobs: { options: jobOptions, selected: chosenJobOption, onSearch: setJobTyped, limited: jobs.limited, loading: jobs.isLoading },
    locations: { options: locationOptions, selected: chosenLocationOption, onSearch: setLocationTyped, limited: locations.limited, loading: locations.isLoading },
    tasks: { options: taskOptions, loading: tasks.isLoading && values.jobCode !== '' },
    workTypes: { options: workTypeOptions, selected: chosenWorkTypeOption, onSearch: setWorkTypeTyped, limited: workTypes.limited, loading: workTypes.isLoading },
    units: { options: unitOptions, selected: chosenUnitOption, onSearch: setUnitTyped, limited: unitList.limited, loading: unitList.isLoading },
    uoms: { options: uomOptions, loading: uoms.isLoading && values.unitNo !== '' },
  };
  return { lists, setUnitTyped, jobs, selectedJob, uoms, forcedUomOf, forcedUom, uomRule };
}
