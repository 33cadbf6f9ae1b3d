import { useEffect, useId, useRef, useState } from 'react';
import type { Mode } from '../../../shared/limits';
import { m } from '../../../shared/paraglide/messages.js';
import type { CsvFormatName, ExportFileType, TDownloadInfo, TExportPreview } from '../../../shared/schemas/export';
import { Link } from '@tanstack/react-router';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/field';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { toast } from '../../components/toast';
import { useAccountInfo } from '../../lib/account';
import { formatDate, formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { downloadFile } from './download';
import { errorMessage } from '../../lib/errors';
import './export.css';

export interface DownloadModalProps {
  open: boolean;
  onClose: () => void;
  /** Ids of the listed entries. */
  entries: number[];
  mode: Mode;
  /** Archived entries: a plain download only (spec §2). */
  archive: boolean;
  /** Called after entries were marked as exported (the worksheet reloads). */
  onMarked?: () => void;
}

const count = (n: number) => formatNumber(n);

/**
 * Spec §2 download modal: what the file is, Download, and — for team leaders and admins, outside
 * the archive — Download and mark as exported, with what marking does and a warning when
 * unapproved entries would be marked. The numbers come from the server (worksheet.downloadInfo).
 */
export function DownloadModal({ open, onClose, entries, mode, archive, onMarked }: DownloadModalProps) {
  const info = useAccountInfo();
  const utils = trpc.useUtils();
  const counts = trpc.worksheet.downloadInfo.useMutation();
  const [busy, setBusy] = useState<'plain' | 'mark' | null>(null);
  // The file choice: null until the user picks, then theirs; shown from the remembered one (issue 12).
  const [fileType, setFileType] = useState<ExportFileType | null>(null);
  const [csvFormat, setCsvFormat] = useState<CsvFormatName | null>(null);
  const savePreferences = trpc.worksheet.setDownloadPreferences.useMutation();
  // The hints describe their radio; the radio's name stays the short label.
  const hintId = useId();
  const mayMark = !archive && (info.profileType === 'Teamleader' || info.profileType === 'Admin');
  // The dialog's filters (issue 24): the period for both buttons; "approved only" for the marking,
  // on by default (decision 0202).
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [approvedOnly, setApprovedOnly] = useState(true);
  const periodOk = !from || !to || from <= to;
  const preview = trpc.worksheet.downloadPreview.useMutation();
  // After a marking: what moved, and where it is now.
  const [done, setDone] = useState<{ count: number; documentNo: string; batchId: number } | null>(null);

  // Counted each time the modal opens or a filter changes (the id list can be long; no re-count per render).
  const { mutate, reset } = counts;
  const { mutate: previewMutate, reset: previewReset } = preview;
  const request = useRef({ entries, mode, archive, mayMark });
  request.current = { entries, mode, archive, mayMark };
  useEffect(() => {
    if (!open) {
      setFileType(null);
      setCsvFormat(null);
      setFrom('');
      setTo('');
      setApprovedOnly(true);
      setDone(null);
      previewReset();
      return reset();
    }
    if (!periodOk) return;
    const r = request.current;
    const period = { from: from || undefined, to: to || undefined };
    mutate({ entries: r.entries, mode: r.mode, exported: r.archive, ...period });
    if (r.mayMark) previewMutate({ entries: r.entries, mode: r.mode, exported: false, shouldMarkAsExported: true, approvedOnly, ...period });
  }, [open, mutate, reset, previewMutate, previewReset, from, to, approvedOnly, periodOk]);
  const numbers: TExportPreview | undefined = preview.data;

  const data: TDownloadInfo | undefined = counts.data;
  const empty = data !== undefined && data.entries === 0;
  const chosenType: ExportFileType = fileType ?? data?.preferences.fileType ?? 'csv';
  const chosenCsv: CsvFormatName = csvFormat ?? data?.preferences.csvFormat ?? (info.languageCode === 'DAN' ? 'danish' : 'international');

  const start = async (mark: boolean) => {
    setBusy(mark ? 'mark' : 'plain');
    toast.info(m.exp_download_started());
    // Remember a changed choice for next time (decision 0100); a failure here must not stop the download.
    if (data && (chosenType !== data.preferences.fileType || chosenCsv !== data.preferences.csvFormat)) {
      savePreferences.mutate({ fileType: chosenType, csvFormat: chosenCsv });
    }
    try {
      const period = { from: from || undefined, to: to || undefined };
      const { batchId } = await downloadFile({
        entries,
        mode,
        shouldMarkAsExported: mark,
        exported: archive,
        format: chosenType,
        ...(chosenType === 'csv' ? { csvFormat: chosenCsv } : {}),
        ...period,
        approvedOnly: mark && approvedOnly,
      });
      if (mark) {
        await Promise.all([utils.worksheet.list.invalidate(), utils.worksheet.totals.invalidate()]);
        onMarked?.();
        // The summary: what moved, as the batch records it, and a link to it in the archive.
        if (batchId !== null) {
          const batch = await utils.worksheet.exportBatch.fetch({ id: batchId });
          const summary = { count: batch.entryCount, documentNo: batch.documentNo, batchId };
          toast.success(m.exp_mark_done({ count: count(summary.count), documentNo: summary.documentNo }));
          setDone(summary);
          return;
        }
      }
      onClose();
    } catch (error) {
      toast.error(`${m.exp_download_failed()}: ${errorMessage(error)}`);
      if (mark) await Promise.all([utils.worksheet.list.invalidate(), utils.worksheet.totals.invalidate()]);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open={open}
      title={m.exp_modal_title()}
      onClose={() => busy === null && onClose()}
      footer={
        done ? (
          <Button variant="primary" onClick={onClose} data-autofocus>
            {m.action_close()}
          </Button>
        ) : (
        <>
          <Button variant={mayMark ? 'secondary' : 'primary'} onClick={() => void start(false)} loading={busy === 'plain'} disabled={busy !== null || !data || empty} data-autofocus>
            {m.exp_download()}
          </Button>
          {mayMark && (
            <Button
              variant="primary"
              className="exp-nowrap"
              onClick={() => void start(true)}
              loading={busy === 'mark'}
              disabled={busy !== null || !data || !numbers || numbers.entries === 0 || !periodOk}
              title={m.exp_download_mark()}
            >
              {numbers ? (numbers.entries === 1 ? m.exp_mark_button_one() : m.exp_mark_button({ count: count(numbers.entries) })) : m.exp_download_mark()}
            </Button>
          )}
        </>
        )
      }
    >
      {done ? (
        <div className="exp-modal exp-done" role="status">
          <p className="exp-modal__count">{m.exp_mark_done({ count: count(done.count), documentNo: done.documentNo })}</p>
          <p>
            <Link to="/archive" search={{ batchId: String(done.batchId), ...(mode === 'YOURS' ? {} : { mode }) }} onClick={onClose} className="exp-done__link">
              {m.exp_mark_open_batch()}
            </Link>
          </p>
        </div>
      ) : (
      <div className="exp-modal">
        <p>{m.exp_modal_text()}</p>
        <fieldset className="exp-choice" disabled={busy !== null}>
          <legend className="exp-choice__legend">{m.exp_format_legend()}</legend>
          <label className="exp-choice__option">
            <input type="radio" name="exp-file-type" value="xlsx" aria-labelledby={`${hintId}-xlsx-label`} aria-describedby={`${hintId}-xlsx`} checked={chosenType === 'xlsx'} onChange={() => setFileType('xlsx')} />
            <span className="exp-choice__text">
              <span className="exp-choice__label" id={`${hintId}-xlsx-label`}>
                {m.exp_format_xlsx()}
              </span>
              <span className="exp-choice__hint" id={`${hintId}-xlsx`}>
                {m.exp_format_xlsx_hint()}
              </span>
            </span>
          </label>
          <label className="exp-choice__option">
            <input type="radio" name="exp-file-type" value="csv" aria-labelledby={`${hintId}-csv-label`} aria-describedby={`${hintId}-csv`} checked={chosenType === 'csv'} onChange={() => setFileType('csv')} />
            <span className="exp-choice__text">
              <span className="exp-choice__label" id={`${hintId}-csv-label`}>
                {m.exp_format_csv()}
              </span>
              <span className="exp-choice__hint" id={`${hintId}-csv`}>
                {m.exp_format_csv_hint()}
              </span>
            </span>
          </label>
          <label className="exp-choice__option">
            <input type="radio" name="exp-file-type" value="bc" aria-labelledby={`${hintId}-bc-label`} aria-describedby={`${hintId}-bc`} checked={chosenType === 'bc'} onChange={() => setFileType('bc')} />
            <span className="exp-choice__text">
              <span className="exp-choice__label" id={`${hintId}-bc-label`}>
                {m.exp_format_bc()}
              </span>
              <span className="exp-choice__hint" id={`${hintId}-bc`}>
                {m.exp_format_bc_hint()}
              </span>
            </span>
          </label>
        </fieldset>
        {chosenType === 'csv' && (
          <fieldset className="exp-choice exp-choice--sub" disabled={busy !== null}>
            <legend className="exp-choice__legend">{m.exp_csv_format_legend()}</legend>
            <label className="exp-choice__option">
              <input type="radio" name="exp-csv-format" value="danish" aria-labelledby={`${hintId}-danish-label`} aria-describedby={`${hintId}-danish`} checked={chosenCsv === 'danish'} onChange={() => setCsvFormat('danish')} />
              <span className="exp-choice__text">
                <span className="exp-choice__label" id={`${hintId}-danish-label`}>
                  {m.exp_csv_format_danish()}
                </span>
                <span className="exp-choice__hint" id={`${hintId}-danish`}>
                  {m.exp_csv_format_danish_hint()}
                </span>
              </span>
            </label>
            <label className="exp-choice__option">
              <input type="radio" name="exp-csv-format" value="international" aria-labelledby={`${hintId}-international-label`} aria-describedby={`${hintId}-international`} checked={chosenCsv === 'international'} onChange={() => setCsvFormat('international')} />
              <span className="exp-choice__text">
                <span className="exp-choice__label" id={`${hintId}-international-label`}>
                  {m.exp_csv_format_international()}
                </span>
                <span className="exp-choice__hint" id={`${hintId}-international`}>
                  {m.exp_csv_format_international_hint()}
                </span>
              </span>
            </label>
          </fieldset>
        )}
        <fieldset className="exp-choice exp-period" disabled={busy !== null}>
          <legend className="exp-choice__legend">{m.exp_filters_label()}</legend>
          <div className="exp-period__dates">
            <label className="field">
              <span className="field__label">{m.exp_filter_from()}</span>
              <input type="date" name="from" className="input" value={from} max={to || undefined} aria-invalid={!periodOk || undefined} onChange={(e) => setFrom(e.target.value)} />
            </label>
            <label className="field">
              <span className="field__label">{m.exp_filter_to()}</span>
              <input type="date" name="to" className="input" value={to} min={from || undefined} aria-invalid={!periodOk || undefined} onChange={(e) => setTo(e.target.value)} />
            </label>
          </div>
          {!periodOk && (
            <p className="field__error" role="alert">
              {m.exp_err_date_range()}
            </p>
          )}
          {mayMark && <Checkbox label={m.exp_filter_approved_only()} name="approvedOnly" checked={approvedOnly} onChange={(e) => setApprovedOnly(e.target.checked)} />}
        </fieldset>
        {counts.isPending || (!data && !counts.error) ? (
          <Spinner label={m.exp_modal_loading()} showLabel size="small" />
        ) : counts.error ? (
          <p className="form-error" role="alert">
            {errorMessage(counts.error)}
          </p>
        ) : data && empty ? (
          <p className="exp-modal__count">{m.exp_modal_none()}</p>
        ) : (
          data && (
            <>
              <p className="exp-modal__count">{m.exp_modal_count({ count: count(data.entries) })}</p>
              {mayMark && (
                <section className="exp-mark" aria-labelledby="exp-mark-heading">
                  <h3 id="exp-mark-heading" className="exp-mark__title">
                    {m.exp_mark_heading()}
                  </h3>
                  <p>{m.exp_mark_text()}</p>
                  {data.markable === 0 ? (
                    <p className="exp-mark__note">{m.exp_mark_none()}</p>
                  ) : (
                    <>
                      {numbers && <p className="exp-modal__count">{m.exp_mark_count({ count: count(numbers.entries) })}</p>}
                      {numbers && <PreviewNumbers numbers={numbers} />}
                      {data.markable < data.entries && <p className="exp-mark__note">{m.exp_mark_partial()}</p>}
                    </>
                  )}
                  {!approvedOnly && data.markableUnapproved > 0 && (
                    <p className="exp-warning" role="alert">
                      <svg viewBox="0 0 24 24" aria-hidden="true">
                        <path d="M12 8v5m0 3.5v.5M4 20h16L12 4z" />
                      </svg>
                      {data.markableUnapproved === 1
                        ? m.exp_unapproved_warning_one()
                        : m.exp_unapproved_warning({ count: count(data.markableUnapproved) })}
                    </p>
                  )}
                </section>
              )}
            </>
          )
        )}
      </div>
      )}
    </Modal>
  );
}

/** The preview of a marking (issue 24): count, hours, quantities per unit, period, what is left out. */
function PreviewNumbers({ numbers }: { numbers: TExportPreview }) {
  const items = numbers.totals.filter((t) => t.unitType === 'Item');
  return (
    <dl className="exp-preview" aria-label={m.exp_preview_heading()}>
      {numbers.totals.some((t) => t.unitType === 'Resource') && (
        <div>
          <dt>{m.exp_preview_hours()}</dt>
          <dd>{formatNumber(numbers.hours, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</dd>
        </div>
      )}
      {items.map((t) => (
        <div key={t.unitOfMeasureCode}>
          <dt>{t.unitOfMeasureCode}</dt>
          <dd>{formatNumber(t.quantity, { maximumFractionDigits: 2 })}</dd>
        </div>
      ))}
      {numbers.from && numbers.to && (
        <div className="exp-preview__wide">
          <dt>{m.exp_preview_period()}</dt>
          <dd>
            {formatDate(numbers.from)} – {formatDate(numbers.to)}
          </dd>
        </div>
      )}
      {numbers.leftOutUnapproved > 0 && (
        <div className="exp-preview__wide exp-preview__left-out">
          <dt>{m.exp_preview_left_out()}</dt>
          <dd>{count(numbers.leftOutUnapproved)}</dd>
        </div>
      )}
    </dl>
  );
}
