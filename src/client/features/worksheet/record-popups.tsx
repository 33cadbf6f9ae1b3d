import { useState } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import { FORM_FIELD_LABELS } from './field-labels';
import type { THistoryEntry, TWorksheetRecord } from '../../../shared/schemas/worksheet';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { formatDate, formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { FullView } from './attachment-modal';
import { attachmentUrl } from './ws-api';
import { errorMessage } from '../../lib/errors';
import { quantityText } from './unit-words';

/** Spec §2 recorded-time popup: the times worked and when the entry was recorded, changed and approved. */
export function RecordedTimeModal({ record, onClose }: { record: TWorksheetRecord | null; onClose: () => void }) {
  return (
    <Modal open={record !== null} title={m.ws_recorded_title()} onClose={onClose} size="small">
      {record && (
        <dl className="ws-facts">
          <dt>{m.ws_field_date()}</dt>
          <dd>{formatDate(record.date, { dateStyle: 'full' })}</dd>
          {record.timeFrom && record.timeTo && (
            <>
              <dt>{m.ws_recorded_time()}</dt>
              <dd>
                {record.timeFrom}–{record.timeTo} ({formatNumber(record.quantity, { minimumFractionDigits: 2 })} {m.ws_hours()})
              </dd>
            </>
          )}
          <dt>{m.ws_recorded_created()}</dt>
          <dd>{m.ws_by_at({ user: record.createdBy, at: dateTimeText(record.createdAt) })}</dd>
          {record.modifiedDate && record.modifiedBy && (
            <>
              <dt>{m.ws_recorded_modified()}</dt>
              <dd>{m.ws_by_at({ user: record.modifiedBy, at: dateTimeText(record.modifiedDate) })}</dd>
            </>
          )}
          <dt>{m.ws_recorded_approved()}</dt>
          <dd>{record.approvedBy && record.approvedDateTime ? m.ws_by_at({ user: record.approvedBy, at: dateTimeText(record.approvedDateTime) }) : m.ws_not_approved()}</dd>
          {record.exported && record.exportedAt && (
            <>
              <dt>{m.ws_recorded_exported()}</dt>
              <dd>{m.ws_by_at({ user: record.exportedBy ?? '', at: dateTimeText(record.exportedAt) })}</dd>
            </>
          )}
        </dl>
      )}
    </Modal>
  );
}

const actionLabel: Record<THistoryEntry['action'], () => string> = {
  create: m.ws_hist_create,
  update: m.ws_hist_update,
  approve: m.ws_hist_approve,
  unapprove: m.ws_hist_unapprove,
  delete: m.ws_hist_delete,
  export: m.ws_hist_export,
  return: m.ws_hist_return,
};

const fieldLabel: Record<string, (() => string) | undefined> = {
  username: m.ws_col_user,
  ...FORM_FIELD_LABELS,
  attachments: m.ws_attachments,
  approvedBy: m.ws_col_approved,
  exported: m.ws_recorded_exported,
};

/**
 * A moment as the lists write times (issue 23 §5): the date, then HH:mm with a colon in both
 * languages ("26. nov. 2026 08:41", not Danish Intl's "08.41" beside the list's "07:00").
 */
function dateTimeText(value: string | null): string {
  if (!value) return '–';
  const d = new Date(value);
  return `${formatDate(d)} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** A changed value as the list shows it: quantities with two locale decimals, dates, HH:mm times. */
function show(value: unknown, field = ''): string {
  if (value === null || value === undefined || value === '') return '–';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '–';
  if (field === 'quantity' && typeof value === 'number') return quantityText(value);
  if ((field === 'timeFrom' || field === 'timeTo') && typeof value === 'string') return value.slice(0, 5);
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? '✓' : '–';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (value === 'Item') return m.ws_unit_type_item();
  if (value === 'Resource') return m.ws_unit_type_resource();
  return String(value);
}

/** Spec §2/§6 edit-history popup: the audit trail, who and when, and each change old → new. */
export function HistoryModal({ record, onClose }: { record: TWorksheetRecord | null; onClose: () => void }) {
  const history = trpc.worksheet.history.useQuery({ id: record?.id ?? 0 }, { enabled: record !== null, staleTime: 0 });
  return (
    <Modal open={record !== null} title={m.ws_hist_title()} onClose={onClose} size="medium">
      {history.isLoading && <Spinner showLabel />}
      {history.error && <p className="form-error">{errorMessage(history.error)}</p>}
      {history.data && (
        <ol className="ws-history">
          {history.data.map((entry) => {
            const changes = Object.entries(entry.changes);
            return (
              <li key={entry.id} className="ws-history__entry">
                <p className="ws-history__head">
                  <strong>{actionLabel[entry.action]()}</strong> · {entry.username} · <time dateTime={entry.at}>{dateTimeText(entry.at)}</time>
                </p>
                {entry.action !== 'create' && entry.action !== 'delete' && changes.length > 0 && (
                  <table className="ws-history__changes">
                    <thead>
                      <tr>
                        <th scope="col">{m.ws_hist_field()}</th>
                        <th scope="col">{m.ws_hist_from()}</th>
                        <th scope="col">{m.ws_hist_to()}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {changes.map(([field, change]) => (
                        <tr key={field}>
                          <th scope="row">{fieldLabel[field]?.() ?? field}</th>
                          <td className="ws-history__old">{show(change.from, field)}</td>
                          <td className="ws-history__new">{show(change.to, field)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Modal>
  );
}

/** The photos of an entry, as previews; a click shows the full photo. */
export function PhotosModal({ record, onClose }: { record: TWorksheetRecord | null; onClose: () => void }) {
  const [view, setView] = useState<{ src: string; name: string } | null>(null);
  return (
    <>
      <Modal open={record !== null && view === null} title={m.ws_attachments()} onClose={onClose} size="large">
        {record && (
          <ul className="ws-att__grid">
            {record.attachments.map((a) => (
              <li key={a.id} className="ws-att__photo">
                <button
                  type="button"
                  className="ws-att__view"
                  onClick={() => setView({ src: attachmentUrl(record.id, a.id), name: a.fileName })}
                  aria-label={m.ws_att_view({ name: a.fileName })}
                >
                  <img src={attachmentUrl(record.id, a.id, true)} alt="" loading="lazy" />
                </button>
                <span className="ws-att__name">{a.fileName}</span>
              </li>
            ))}
          </ul>
        )}
      </Modal>
      <FullView view={view} onClose={() => setView(null)} />
    </>
  );
}

/** Which popup of which entry is open (worksheet-entries.tsx loads this module at the first one, decision 0185). */
export interface RecordPopup {
  kind: 'time' | 'history' | 'photos';
  record: TWorksheetRecord;
}

/** The recorded-time, history and photos popups of the worksheet list; at most one is open. */
export function RecordPopups({ popup, onClose }: { popup: RecordPopup | null; onClose: () => void }) {
  return (
    <>
      <RecordedTimeModal record={popup?.kind === 'time' ? popup.record : null} onClose={onClose} />
      <HistoryModal record={popup?.kind === 'history' ? popup.record : null} onClose={onClose} />
      <PhotosModal record={popup?.kind === 'photos' ? popup.record : null} onClose={onClose} />
    </>
  );
}
