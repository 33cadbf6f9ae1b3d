import { m } from '../../../../shared/paraglide/messages.js';
import type { ImportEntity, TImportRecord } from '../../../../shared/schemas/import';
import { errorMessage, translateCode } from '../../../lib/errors';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { AdminSection } from '../common/form-parts';

const STATUS_LABEL: Record<TImportRecord['status'], () => string> = {
  running: m.imp_status_running,
  done: m.imp_status_done,
  failed: m.imp_status_failed,
};

/**
 * Issue 42 §5: how far an import is. With numbers from the server (the list's `progress`) a
 * determinate bar (aria-valuenow); before the first numbers arrive an indeterminate one.
 */
export function ImportProgress({ progress }: { progress: TImportRecord['progress'] }) {
  const pct = progress && progress.total > 0 ? Math.round((100 * progress.done) / progress.total) : null;
  const text = !progress
    ? m.imp_progress_waiting()
    : progress.phase === 'checking'
      ? m.imp_progress_checking({ done: formatNumber(progress.done), total: formatNumber(progress.total) })
      : m.imp_progress_writing({ done: formatNumber(progress.done), total: formatNumber(progress.total) });
  return (
    <div className="imp-progress" data-testid="import-progress">
      <div
        className={`imp-progress__bar${pct === null ? ' imp-progress__bar--busy' : ''}`}
        role="progressbar"
        aria-label={m.imp_progress_label()}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(pct === null ? {} : { 'aria-valuenow': pct, 'aria-valuetext': text })}
      >
        <span style={{ width: pct === null ? undefined : `${pct}%` }} />
      </div>
      <p className="imp-progress__text">{text}</p>
    </div>
  );
}

/** The earlier imports (files and bulk upserts): status, counts, and the report to download again. */
export function ImportHistory({ records, error, entityLabel }: { records: TImportRecord[] | undefined; error: unknown; entityLabel: (e: ImportEntity | string) => string }) {
  return (
    <AdminSection title={m.imp_history_title()}>
      {error ? (
        <p className="form-error">{errorMessage(error)}</p>
      ) : records && records.length === 0 ? (
        <p>{m.imp_history_none()}</p>
      ) : (
        <ul className="imp-history" data-testid="import-history">
          {(records ?? []).map((r) => (
            <li key={r.id} data-testid={`import-record-${r.id}`}>
              <span className="imp-history__head">
                {entityLabel(r.entity)} · {r.source === 'bulk' ? m.imp_source_bulk() : r.fileName}{' '}
                <span className={`imp-status imp-status--${r.status}`}>{STATUS_LABEL[r.status]()}</span>
              </span>
              <span className="imp-history__meta">
                {formatDateTime(r.createdAt)} · {r.createdBy}
                {r.status === 'done' &&
                  ` · ${m.imp_history_line({ created: formatNumber(r.counts.created), changed: formatNumber(r.counts.changed), unchanged: formatNumber(r.counts.unchanged), refused: formatNumber(r.counts.refused) })}`}
              </span>
              {r.status === 'running' && <ImportProgress progress={r.progress} />}
              {r.status === 'failed' && r.error && <span className="imp-error">{translateCode(r.error.code, r.error.params, r.error.code)}</span>}
              {r.status === 'done' && (
                <span className="imp-history__links">
                  <a href={`/api/import/${r.id}/report?format=xlsx`} download>
                    {m.imp_download_xlsx()}
                  </a>
                  <a href={`/api/import/${r.id}/report?format=csv`} download>
                    {m.imp_download_csv()}
                  </a>
                  <a href={`/api/import/${r.id}/report?format=json`} download>
                    {m.imp_download_json()}
                  </a>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}
