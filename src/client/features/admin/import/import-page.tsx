import { useState } from 'react';
import { m } from '../../../../shared/paraglide/messages.js';
import { IMPORT_ENTITIES, IMPORT_FIELDS, type ImportEntity, type TImportReport, type TImportRow } from '../../../../shared/schemas/import';
import { Button } from '../../../components/button';
import { Checkbox, FieldFrame } from '../../../components/field';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../lib/toast';
import { formatNumber } from '../../../lib/format';
import { errorMessage, translateCode, useErrorMessages } from '../../../lib/errors';
import { restJson } from '../../../lib/rest';
import { trpc } from '../../../lib/trpc';
import { AdminSection, SelectField } from '../common/form-parts';
import '../common/admin-common.css';
import { ImportHistory, ImportProgress } from './import-history';
import './import.css';

const ENTITY_LABEL: Record<ImportEntity, () => string> = {
  customer: m.imp_entity_customer,
  job: m.imp_entity_job,
  jobTask: m.imp_entity_job_task,
  item: m.imp_entity_item,
  itemUnit: m.imp_entity_item_unit,
  resource: m.imp_entity_resource,
  resourceUnit: m.imp_entity_resource_unit,
  workType: m.imp_entity_work_type,
  location: m.imp_entity_location,
  user: m.imp_entity_user,
};

const FIELD_LABEL: Record<string, () => string> = {
  no: m.imp_field_no,
  name: m.imp_field_name,
  code: m.imp_field_code,
  description: m.imp_field_description,
  blocked: m.imp_field_blocked,
  active: m.imp_field_active,
  billToCustomerNo: m.imp_field_bill_to_customer_no,
  teamCode: m.imp_field_team_code,
  responsibleResourceNo: m.imp_field_responsible_resource_no,
  startingDate: m.imp_field_starting_date,
  jobCode: m.imp_field_job_code,
  baseUnitOfMeasure: m.imp_field_base_unit_of_measure,
  unitNo: m.imp_field_unit_no,
  unitOfMeasureCode: m.imp_field_unit_of_measure_code,
  username: m.imp_field_username,
  profileType: m.imp_field_profile_type,
  languageCode: m.imp_field_language_code,
  defaultResource: m.imp_field_default_resource,
};
const fieldLabel = (field: string) => FIELD_LABEL[field]?.() ?? field;
const entityLabel = (entity: ImportEntity | string) => ENTITY_LABEL[entity as ImportEntity]?.() ?? entity;

const STATUS_LABEL: Record<TImportRow['status'], () => string> = {
  created: m.imp_status_created,
  changed: m.imp_status_changed,
  unchanged: m.imp_status_unchanged,
  refused: m.imp_status_refused,
};

/** Sends the file: a dry run (preview) or the import itself (with an Idempotency-Key, so a retry imports once). */
function sendImport(entity: ImportEntity, file: File, options: { dryRun: boolean; deactivateMissing: boolean; mapping: Record<string, string> }): Promise<TImportReport> {
  const fd = new FormData();
  fd.append('dryRun', String(options.dryRun));
  fd.append('deactivateMissing', String(options.deactivateMissing));
  if (Object.keys(options.mapping).length > 0) fd.append('mapping', JSON.stringify(options.mapping));
  fd.append('file', file, file.name);
  const headers: Record<string, string> = options.dryRun ? {} : { 'Idempotency-Key': crypto.randomUUID() };
  return restJson<TImportReport>(`/api/import/${entity}`, { method: 'POST', body: fd, headers });
}

/**
 * /admin/import (issue 42): choose what to import, upload a CSV/xlsx file, map the columns
 * Webtid does not know, preview what will happen row by row, apply, and see the result.
 */
export function ImportPage() {
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  // Issue 42 §5: while an import runs (this page's or one left running), poll its progress.
  const history = trpc.import.list.useQuery(undefined, {
    refetchInterval: (q) => (busy === 'apply' || (q.state.data ?? []).some((r) => r.status === 'running') ? 1000 : false),
  });
  const running = (history.data ?? []).find((r) => r.status === 'running');
  const [entity, setEntity] = useState<ImportEntity>('customer');
  const [file, setFile] = useState<File | null>(null);
  const [deactivateMissing, setDeactivateMissing] = useState(false);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [report, setReport] = useState<TImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setReport(null);
    setMapping({});
    setError(null);
  };

  async function run(dryRun: boolean) {
    if (!file) {
      setError(m.imp_no_file());
      return;
    }
    setBusy(dryRun ? 'preview' : 'apply');
    setError(null);
    try {
      const r = await sendImport(entity, file, { dryRun, deactivateMissing, mapping });
      setReport(r);
      if (!dryRun) {
        toast.success(m.imp_applied());
        await utils.import.list.invalidate();
      }
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  const unmapped = report ? report.columns.filter((c) => c.caption !== '' && (c.field === null || c.caption in mapping)) : [];
  const canApply = report !== null && report.dryRun && report.missingFields.length === 0;

  return (
    <>
      <PageHeader title={m.imp_title()} subtitle={m.imp_subtitle()} />
      <AdminSection title={m.imp_file_title()} text={m.imp_file_text()}>
        {/* a file and a choice, no data entry: the buttons send it (no form to validate, decision 0165 is about forms of fields) */}
        <div className="imp-form">
          <SelectField
            label={m.imp_entity()}
            value={entity}
            onChange={(e) => {
              setEntity(e.target.value as ImportEntity);
              reset();
            }}
            options={IMPORT_ENTITIES.map((x) => ({ value: x, label: ENTITY_LABEL[x]() }))}
          />
          <FieldFrame label={m.imp_file()}>
            {(control) => (
              <input
                {...control}
                type="file"
                className="input imp-file"
                accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  reset();
                }}
              />
            )}
          </FieldFrame>
          <Checkbox label={m.imp_deactivate()} checked={deactivateMissing} onChange={(e) => setDeactivateMissing(e.target.checked)} />
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          {busy === 'apply' && (
            <>
              <ImportProgress progress={running?.progress ?? null} />
              <p className="imp-progress__text">{m.imp_progress_leave()}</p>
            </>
          )}
          <div className="admin-form-actions">
            <Button onClick={() => void run(true)} variant={canApply ? 'secondary' : 'primary'} loading={busy === 'preview'} disabled={busy !== null}>
              {report ? m.imp_preview_again() : m.imp_preview()}
            </Button>
            {canApply && (
              <Button variant="primary" loading={busy === 'apply'} disabled={busy !== null} onClick={() => void run(false)}>
                {m.imp_apply()}
              </Button>
            )}
          </div>
        </div>
      </AdminSection>

      {report?.dryRun && unmapped.length > 0 && (
        <AdminSection title={m.imp_mapping_title()} text={m.imp_mapping_text()}>
          {report.missingFields.length > 0 && (
            <p className="form-error" role="alert">
              {m.imp_mapping_missing({ fields: report.missingFields.map(fieldLabel).join(', ') })}
            </p>
          )}
          <div className="imp-mapping">
            {unmapped.map((c) => (
              <SelectField
                key={c.caption}
                label={c.caption}
                value={mapping[c.caption] ?? ''}
                onChange={(e) => setMapping((prev) => ({ ...prev, [c.caption]: e.target.value }))}
                placeholder={m.imp_ignore()}
                options={IMPORT_FIELDS[report.entity]
                  .filter((f) => f.field !== 'blocked')
                  .map((f) => ({ value: f.field, label: f.required ? m.imp_required({ field: fieldLabel(f.field) }) : fieldLabel(f.field) }))}
              />
            ))}
          </div>
          <div className="admin-form-actions">
            <Button variant="primary" loading={busy === 'preview'} disabled={busy !== null} onClick={() => void run(true)}>
              {m.imp_preview_again()}
            </Button>
          </div>
        </AdminSection>
      )}

      {report && report.missingFields.length === 0 && <ReportView report={report} />}

      <ImportHistory records={history.data} error={history.isError ? history.error : null} entityLabel={entityLabel} />
    </>
  );
}

function ReportView({ report }: { report: TImportReport }) {
  // refusals carry codes: re-render once their texts are here
  useErrorMessages();
  const c = report.counts;
  const counts: Array<[string, number, string]> = [
    [m.imp_count_rows(), c.rows, 'rows'],
    [m.imp_count_created(), c.created, 'created'],
    [m.imp_count_changed(), c.changed, 'changed'],
    [m.imp_count_unchanged(), c.unchanged, 'unchanged'],
    [m.imp_count_refused(), c.refused, 'refused'],
  ];
  if (c.deactivated > 0) counts.push([m.imp_count_deactivated(), c.deactivated, 'deactivated']);
  const listed = report.rows.filter((r) => r.status !== 'unchanged');
  return (
    <AdminSection
      title={report.dryRun ? m.imp_report_title_preview() : m.imp_report_title_result()}
      text={report.dryRun ? m.imp_report_preview_text() : m.imp_report_result_text()}
    >
      <div data-testid="import-report">
        <dl className="imp-counts">
          {counts.map(([label, n, key]) => (
            <div key={key} className={`imp-count imp-count--${key}`} data-testid={`import-count-${key}`}>
              <dt>{label}</dt>
              <dd>{formatNumber(n)}</dd>
            </div>
          ))}
        </dl>
        {c.created + c.changed + c.refused + c.deactivated === 0 && <p>{m.imp_nothing_changes()}</p>}
        {report.truncated && <p>{m.imp_truncated({ shown: formatNumber(report.rows.length) })}</p>}
        {listed.length > 0 && (
          <div className="imp-table-wrap">
            <table className="imp-table">
              <thead>
                <tr>
                  <th scope="col">{m.imp_col_row()}</th>
                  <th scope="col">{m.imp_col_key()}</th>
                  <th scope="col">{m.imp_col_status()}</th>
                  <th scope="col">{m.imp_col_details()}</th>
                </tr>
              </thead>
              <tbody>
                {listed.map((r) => (
                  <tr key={r.row} className={`imp-row imp-row--${r.status}`}>
                    <td>{r.row}</td>
                    <td className="imp-key">{r.key}</td>
                    <td>
                      <span className={`imp-status imp-status--${r.status}`}>{STATUS_LABEL[r.status]()}</span>
                    </td>
                    <td>
                      {r.changes.map((ch) => (
                        <div key={ch.field}>
                          {fieldLabel(ch.field)}: <del>{ch.old ?? '—'}</del> → <ins>{ch.new ?? '—'}</ins>
                        </div>
                      ))}
                      {r.errors.map((e, i) => (
                        <div key={i} className="imp-error">
                          {e.column ? `${e.column}: ` : ''}
                          {translateCode(e.error.code, e.error.params, e.detail)}
                        </div>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </AdminSection>
  );
}
