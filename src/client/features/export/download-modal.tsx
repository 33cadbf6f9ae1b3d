import { useEffect, useId, useRef, useState } from 'react';
import type { Mode } from '../../../shared/limits';
import { m } from '../../../shared/paraglide/messages.js';
import type { CsvFormatName, ExportFileType, TDownloadInfo, TExportPreview } from '../../../shared/schemas/export';
import { getLocale } from '../../../shared/paraglide/runtime.js';
import { invalidateCounts } from '../worksheet/invalidate-counts';
import type { DownloadSelection } from './download-selection';
import { Link } from '@tanstack/react-router';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/field';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { toast } from '../../lib/toast';
import { useAccountInfo } from '../../lib/account';
import { formatDate, formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { downloadFile } from './download';
import { errorMessage } from '../../lib/errors';
import './export.css';

export interface DownloadModalProps {
  open: boolean;
  onClose: () => void;
  /** The list's filter, exactly as the list asks the server for it (issue 38: the file is the list). */
  selection: DownloadSelection;
  /** Archived entries: a plain download only (spec §2). */
  archive: boolean;
  /** Writes a period chosen in the dialog into the list's filter (the URL: one source of truth). */
  onPeriodChange: (period: { from?: string; to?: string }) => void;
  /** Called after entries were marked as exported (the worksheet reloads). */
  onMarked?: () => void;
}

const count = (n: number) => formatNumber(n);

/**
 * Spec §2 download modal: what the file is, Download, and — for team leaders and admins, outside
 * the archive — Download and mark as exported, with what marking does and a warning when
 * unapproved entries would be marked. The numbers come from the server (worksheet.downloadInfo).
 */
export function DownloadModal({ open, onClose, selection, archive, onPeriodChange, onMarked }: DownloadModalProps) {
  const mode = selection.mode;
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
  // The period is the list's (issue 38): typed here, it changes the list's filter in the URL, so the
  // dialog, the list and the file never disagree, and a reopened dialog shows it again. "Approved
  // only" narrows both buttons, on by default for those who may mark (decisions 0202, 0310).
  const from = selection.from ?? '';
  const to = selection.to ?? '';
  const [approvedOnly, setApprovedOnly] = useState(mayMark);
  const periodOk = !from || !to || from <= to;
  const preview = trpc.worksheet.downloadPreview.useMutation();
  const plainPreview = trpc.worksheet.downloadPreview.useMutation();
  // A marking with no period over more than one month asks once more (issue 38 §1).
  const [confirmMonths, setConfirmMonths] = useState<string | null>(null);
  // After a marking: what moved, and where it is now.
  const [done, setDone] = useState<{ count: number; documentNo: string; batchId: number } | null>(null);

  // Counted each time the modal opens or a filter changes (the id list can be long; no re-count per render).
  const { mutate, reset } = counts;
  const { mutate: previewMutate, reset: previewReset } = preview;
  const { mutate: plainMutate, reset: plainReset } = plainPreview;
  const request = useRef({ selection, archive, mayMark });
  request.current = { selection, archive, mayMark };
  const key = JSON.stringify(selection);
  useEffect(() => {
    if (!open) {
      // The selection is the URL's and stays; "approved only" starts from its default again.
      setApprovedOnly(request.current.mayMark);
      setDone(null);
      setConfirmMonths(null);
      previewReset();
      plainReset();
      return reset();
    }
    if (!periodOk) return;
    const r = request.current;
    const filter = { ...r.selection, exported: r.archive };
    mutate(filter);
    plainMutate({ ...filter, shouldMarkAsExported: false, approvedOnly });
    if (r.mayMark) previewMutate({ ...filter, exported: false, shouldMarkAsExported: true, approvedOnly });
  }, [open, mutate, reset, previewMutate, previewReset, plainMutate, plainReset, key, approvedOnly, periodOk]);
  const numbers: TExportPreview | undefined = preview.data;
  const fileNumbers: TExportPreview | undefined = plainPreview.data;

  const data: TDownloadInfo | undefined = counts.data;
  const chosenType: ExportFileType = fileType ?? data?.preferences.fileType ?? 'csv';
  const chosenCsv: CsvFormatName = csvFormat ?? data?.preferences.csvFormat ?? (info.languageCode === 'DAN' ? 'danish' : 'international');

  const start = async (mark: boolean, confirmed = false) => {
    // No period, and the entries span several months: name them and ask once more.
    if (mark && !confirmed && !from && !to && numbers?.from && numbers.to && numbers.from.slice(0, 7) !== numbers.to.slice(0, 7)) {
      setConfirmMonths(`${formatMonth(numbers.from)} – ${formatMonth(numbers.to)}`);
      return;
    }
    setConfirmMonths(null);
    setBusy(mark ? 'mark' : 'plain');
    toast.info(m.exp_download_started());
    // Remember a changed choice for next time (decision 0100); a failure here must not stop the download.
    if (data && (chosenType !== data.preferences.fileType || chosenCsv !== data.preferences.csvFormat)) {
      savePreferences.mutate({ fileType: chosenType, csvFormat: chosenCsv });
    }
    try {
      const { batchId } = await downloadFile({
        ...selection,
        shouldMarkAsExported: mark,
        exported: archive,
        format: chosenType,
        ...(chosenType === 'csv' ? { csvFormat: chosenCsv } : {}),
        approvedOnly,
      });
      if (mark) {
        await invalidateCounts(utils);
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
      if (mark) await invalidateCounts(utils);
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
            <Button
              variant={mayMark ? 'secondary' : 'primary'}
              onClick={() => void start(false)}
              loading={busy === 'plain'}
              disabled={busy !== null || !data || !fileNumbers || fileNumbers.entries === 0 || !periodOk}
              data-autofocus
            >
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
              <input
                type="radio"
                name="exp-file-type"
                value="xlsx"
                aria-labelledby={`${hintId}-xlsx-label`}
                aria-describedby={`${hintId}-xlsx`}
                checked={chosenType === 'xlsx'}
                onChange={() => setFileType('xlsx')}
              />
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
              <input
                type="radio"
                name="exp-file-type"
                value="csv"
                aria-labelledby={`${hintId}-csv-label`}
                aria-describedby={`${hintId}-csv`}
                checked={chosenType === 'csv'}
                onChange={() => setFileType('csv')}
              />
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
              <input
                type="radio"
                name="exp-file-type"
                value="bc"
                aria-labelledby={`${hintId}-bc-label`}
                aria-describedby={`${hintId}-bc`}
                checked={chosenType === 'bc'}
                onChange={() => setFileType('bc')}
              />
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
                <input
                  type="radio"
                  name="exp-csv-format"
                  value="danish"
                  aria-labelledby={`${hintId}-danish-label`}
                  aria-describedby={`${hintId}-danish`}
                  checked={chosenCsv === 'danish'}
                  onChange={() => setCsvFormat('danish')}
                />
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
                <input
                  type="radio"
                  name="exp-csv-format"
                  value="international"
                  aria-labelledby={`${hintId}-international-label`}
                  aria-describedby={`${hintId}-international`}
                  checked={chosenCsv === 'international'}
                  onChange={() => setCsvFormat('international')}
                />
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
            <p className="exp-selection" data-testid="exp-selection">
              {selectionWords(selection, archive, approvedOnly)}
            </p>
            <div className="exp-period__dates">
              <label className="field">
                <span className="field__label">{m.exp_filter_from()}</span>
                <input
                  type="date"
                  name="from"
                  className="input"
                  value={from}
                  max={to || undefined}
                  aria-invalid={!periodOk || undefined}
                  onChange={(e) => onPeriodChange({ from: e.target.value || undefined, to: to || undefined })}
                />
              </label>
              <label className="field">
                <span className="field__label">{m.exp_filter_to()}</span>
                <input
                  type="date"
                  name="to"
                  className="input"
                  value={to}
                  min={from || undefined}
                  aria-invalid={!periodOk || undefined}
                  onChange={(e) => onPeriodChange({ from: from || undefined, to: e.target.value || undefined })}
                />
              </label>
            </div>
            <p className="exp-mark__note">{m.exp_period_is_list()}</p>
            {!periodOk && (
              <p className="field__error" role="alert">
                {m.exp_err_date_range()}
              </p>
            )}
            {!archive && <Checkbox label={m.exp_filter_approved_only_both()} name="approvedOnly" checked={approvedOnly} onChange={(e) => setApprovedOnly(e.target.checked)} />}
          </fieldset>
          {counts.isPending || plainPreview.isPending || (!data && !counts.error) || (!fileNumbers && !plainPreview.error) ? (
            <Spinner label={m.exp_modal_loading()} showLabel size="small" />
          ) : counts.error || plainPreview.error ? (
            <p className="form-error" role="alert">
              {errorMessage(counts.error ?? plainPreview.error)}
            </p>
          ) : data && fileNumbers && fileNumbers.entries === 0 ? (
            <EmptyNote mode={mode} archive={archive} onClose={onClose} />
          ) : (
            data &&
            fileNumbers && (
              <>
                <section className="exp-file" aria-labelledby="exp-file-heading">
                  <h3 id="exp-file-heading" className="exp-mark__title">
                    {m.exp_file_heading()}
                  </h3>
                  <p className="exp-modal__count">{m.exp_modal_count({ count: count(fileNumbers.entries) })}</p>
                  <PreviewNumbers numbers={fileNumbers} />
                </section>
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
                        {numbers && numbers.entries < fileNumbers.entries && <p className="exp-mark__note">{m.exp_mark_partial()}</p>}
                      </>
                    )}
                    {!approvedOnly && data.markableUnapproved > 0 && (
                      <p className="exp-warning" role="alert">
                        <svg viewBox="0 0 24 24" aria-hidden="true">
                          <path d="M12 8v5m0 3.5v.5M4 20h16L12 4z" />
                        </svg>
                        {data.markableUnapproved === 1 ? m.exp_unapproved_warning_one() : m.exp_unapproved_warning({ count: count(data.markableUnapproved) })}
                      </p>
                    )}
                    {confirmMonths && (
                      <div className="exp-warning exp-confirm" role="alertdialog" aria-labelledby="exp-confirm-text">
                        <p id="exp-confirm-text">{m.exp_mark_confirm_months({ months: confirmMonths, count: count(numbers?.entries ?? 0) })}</p>
                        <div className="exp-confirm__actions">
                          <Button variant="secondary" onClick={() => setConfirmMonths(null)}>
                            {m.action_cancel()}
                          </Button>
                          <Button variant="primary" onClick={() => void start(true, true)} data-autofocus>
                            {m.exp_mark_confirm_yes()}
                          </Button>
                        </div>
                      </div>
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

/** The list's filter in words: "All · 1 Oct 2026 – 31 Oct 2026 · approved" (issue 38 §1). */
function selectionWords(sel: DownloadSelection, archive: boolean, approvedOnly: boolean): string {
  const parts: string[] = [archive ? m.exp_words_archive({ tab: tabName(sel.mode) }) : tabName(sel.mode)];
  if (sel.from && sel.to) parts.push(`${formatDate(sel.from)} – ${formatDate(sel.to)}`);
  else if (sel.from) parts.push(m.exp_words_from({ date: formatDate(sel.from) }));
  else if (sel.to) parts.push(m.exp_words_to({ date: formatDate(sel.to) }));
  else parts.push(m.exp_words_all_dates());
  if (sel.username) parts.push(m.exp_words_person({ name: sel.username }));
  if (sel.customerNo) parts.push(m.exp_words_customer({ no: sel.customerNo }));
  if (sel.jobCode) parts.push(m.exp_words_job({ code: sel.jobCode }));
  if (sel.batchId) parts.push(m.exp_words_batch({ id: String(sel.batchId) }));
  if (approvedOnly || sel.status === 'approved') parts.push(m.exp_words_approved());
  else if (sel.status === 'notApproved') parts.push(m.exp_words_not_approved());
  else if (sel.status === 'returned') parts.push(m.exp_words_returned());
  return parts.join(' · ');
}

const tabName = (mode: Mode) => (mode === 'ALL' ? m.exp_tab_all() : mode === 'TEAM' ? m.exp_tab_team() : m.exp_tab_yours());

/** Nothing to download; an admin's empty Yours tab says where the account's entries are (issue 38 §5). */
function EmptyNote({ mode, archive, onClose }: { mode: Mode; archive: boolean; onClose: () => void }) {
  const info = useAccountInfo();
  if (mode === 'YOURS' && info.profileType !== 'Basic') {
    const other: Mode = info.profileType === 'Admin' ? 'ALL' : 'TEAM';
    return (
      <p className="exp-modal__count">
        {other === 'ALL' ? m.exp_none_yours_admin() : m.exp_none_yours_leader()}{' '}
        <Link to={archive ? '/archive' : '/'} search={{ mode: other }} onClick={onClose}>
          {other === 'ALL' ? m.exp_open_all_tab() : m.exp_open_team_tab()}
        </Link>
      </p>
    );
  }
  return <p className="exp-modal__count">{m.exp_modal_none()}</p>;
}

/** The month of a date, "October 2026", in the UI's language. */
const formatMonth = (iso: string) => new Date(`${iso}T12:00:00`).toLocaleDateString(getLocale() === 'da' ? 'da-DK' : 'en-GB', { month: 'long', year: 'numeric' });

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
