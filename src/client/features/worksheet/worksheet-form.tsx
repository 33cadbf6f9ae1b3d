import { useId, type ComponentProps, type ReactNode } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import { formatLocaleNumber } from '../../../shared/locale-number';
import { getLocale } from '../../../shared/paraglide/runtime.js';
import { Button } from '../../components/button';
import { LazyBoundary, lazyPart, useMountedOnce } from '../../lib/lazy';
import type { AttachmentModal as AttachmentModalType } from './attachment-modal';
import { PickerComboBox } from './combo-box';
import { useWorksheetForm, type WorksheetFormProps } from './use-worksheet-form';

// The photo dialog opens only on a click: its chunk comes then, or on hover/focus (decision 0185).
const AttachmentModal = lazyPart<ComponentProps<typeof AttachmentModalType>>(() => import('./attachment-modal').then((mod) => mod.AttachmentModal));

interface Props extends WorksheetFormProps {
  /** Layout: 'inline' on the home page from 640 px, 'page' on /worksheet/add and edit. */
  layout: 'inline' | 'page';
}

/**
 * The entry form (spec §2, §4): create inline (tablet up) or on /worksheet/add; edit on
 * /worksheet/edit/{id}. Presentational: the state, the rules and the submit are the
 * useWorksheetForm hook's; the server decides in the end.
 */
export function WorksheetForm({ layout, ...props }: Props) {
  const f = useWorksheetForm(props);
  const [attachmentsMounted, unmountAttachments] = useMountedOnce(f.attachments.open);
  const { values, settings, editing, busy, lists, on, timeMode, uomRule } = f;
  const record = props.record;
  const err = (field: keyof typeof values) => f.errors[field];
  // Issue 10 §8: locked only when the unit has the work type's unit of measure; else explained.
  const uomHint = uomRule.kind === 'forced' ? m.ws_hint_uom_locked({ code: uomRule.code }) : f.uomConflict;

  return (
    <form
      id={f.formId}
      className={`ws-form ws-form--${layout}`}
      onSubmit={f.onSubmit}
      onFocus={f.onStart}
      onPointerDown={f.onStart}
      noValidate
      aria-label={editing ? m.ws_form_edit_title() : m.ws_form_new_title()}
    >
      {f.restored && (
        <p className="notice notice--info" role="status" data-testid="ws-draft-restored">
          {m.ws_draft_restored()}
          {f.restored.files > 0 && ` ${m.ws_draft_photos_lost()}`}
        </p>
      )}
      {f.formError && (
        <p className="form-error" role="alert">
          {f.formError}
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
              onChange={(e) => on.date(e.target.value)}
            />
          )}
        </Field>
        {settings.showCustomer && (
          <PickerComboBox
            list={lists.customers}
            name="customerNo"
            label={m.ws_field_customer()}
            value={values.customerNo}
            onChange={on.customer}
            error={err('customerNo')}
            required
          />
        )}
        <PickerComboBox list={lists.jobs} name="jobCode" label={m.ws_field_job()} value={values.jobCode} onChange={on.job} error={err('jobCode')} required />
        {settings.showJobTask && (
          <PickerComboBox
            list={lists.tasks}
            name="jobTaskCode"
            label={m.ws_field_task()}
            value={values.jobTaskCode}
            onChange={on.task}
            error={err('jobTaskCode')}
            required={settings.mandatoryJobTask}
            disabled={!values.jobCode}
            hint={!values.jobCode ? m.ws_hint_task_needs_job() : undefined}
          />
        )}
        {settings.showLocation && (
          <PickerComboBox
            list={lists.locations}
            name="locationCode"
            label={m.ws_field_location()}
            value={values.locationCode}
            onChange={on.location}
            error={err('locationCode')}
            required={settings.mandatoryLocation}
          />
        )}
        {settings.showWorkType && (
          <PickerComboBox
            list={lists.workTypes}
            name="workTypeCode"
            label={m.ws_field_work_type()}
            value={values.workTypeCode}
            onChange={on.workType}
            error={err('workTypeCode')}
            required={settings.mandatoryWorkType}
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
                <input type="radio" name="unitType" value={t} checked={values.unitType === t} onChange={() => on.unitType(t)} />
                {t === 'Item' ? m.ws_unit_type_item() : m.ws_unit_type_resource()}
              </label>
            ))}
          </div>
          {err('unitType') && <p className="field__error">{err('unitType')}</p>}
        </fieldset>
        <PickerComboBox
          list={lists.units}
          name="unitNo"
          label={m.ws_field_unit()}
          value={values.unitNo}
          onChange={on.unit}
          error={err('unitNo')}
          required
          disabled={values.unitType === '' || f.unitLocked}
          hint={f.unitLocked ? m.ws_hint_unit_locked() : undefined}
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
              onChange={(e) => on.description(e.target.value)}
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
                  onChange={(e) => on.time('timeFrom', e.target.value)}
                  onBlur={() => on.timeBlur('timeFrom')}
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
                  onChange={(e) => on.time('timeTo', e.target.value)}
                  onBlur={() => on.timeBlur('timeTo')}
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
              value={timeMode ? (f.computedQuantity === null ? '' : formatLocaleNumber(f.computedQuantity, getLocale())) : values.quantity}
              aria-invalid={err('quantity') ? true : undefined}
              aria-describedby={describedBy}
              required
              onChange={(e) => on.quantity(e.target.value)}
              onBlur={on.quantityBlur}
            />
          )}
        </Field>
        <PickerComboBox
          list={lists.uoms}
          name="unitOfMeasureCode"
          label={m.ws_field_uom()}
          value={values.unitOfMeasureCode}
          onChange={on.uom}
          error={err('unitOfMeasureCode')}
          required
          disabled={!values.unitNo || uomRule.kind === 'forced'}
          hint={uomHint}
        />
      </div>
      <div className="ws-form__buttons">
        {!editing && !f.queued && (
          <Button variant="ghost" onClick={() => void f.onReset()} disabled={busy !== null} className="ws-form__reset">
            {m.ws_reset()}
          </Button>
        )}
        <Button variant="secondary" onClick={() => f.attachments.setOpen(true)} onPointerEnter={AttachmentModal.preload} onFocus={AttachmentModal.preload} aria-haspopup="dialog">
          <svg className="ws-icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M16.5 6.5l-7.8 7.8a2 2 0 002.8 2.8l7.8-7.8a4 4 0 00-5.7-5.7L5.8 11.4a6 6 0 008.5 8.5l6.2-6.2" />
          </svg>
          {m.ws_attachments_button({ count: String(f.attachments.count) })}
        </Button>
        <span className="ws-form__spacer" />
        {editing || f.queued ? (
          <>
            <Button variant="secondary" onClick={f.cancel} disabled={busy !== null}>
              {m.ws_cancel()}
            </Button>
            <Button variant="primary" type="submit" loading={busy !== null}>
              {m.ws_update()}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => void f.submit('createNew')} loading={busy === 'createNew'} disabled={busy !== null}>
              {m.ws_create_new()}
            </Button>
            <Button variant="primary" type="submit" loading={busy === 'create'} disabled={busy !== null}>
              {m.ws_create()}
            </Button>
          </>
        )}
      </div>
      {attachmentsMounted && (
        <LazyBoundary
          part={AttachmentModal}
          onFailed={() => {
            f.attachments.setOpen(false);
            unmountAttachments();
          }}
        >
          <AttachmentModal.Component
            open={f.attachments.open}
            onClose={() => f.attachments.setOpen(false)}
            files={f.attachments.files}
            onFilesChange={f.attachments.onFiles}
            worksheetId={record?.id}
            stored={record?.attachments ?? []}
            keptIds={f.attachments.keptIds}
            onKeptChange={f.attachments.onKept}
          />
        </LazyBoundary>
      )}
    </form>
  );
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
        {required && (
          <span className="ws-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
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
