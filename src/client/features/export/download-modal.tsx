import { useEffect, useId, useRef, useState } from 'react';
import type { Mode } from '../../../shared/limits';
import { m } from '../../../shared/paraglide/messages.js';
import type { CsvFormatName, ExportFileType, TDownloadInfo } from '../../../shared/schemas/export';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { toast } from '../../components/toast';
import { useAccountInfo } from '../../lib/account';
import { formatNumber } from '../../lib/format';
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

  // Counted once each time the modal opens (the id list can be long; no re-count per render).
  const { mutate, reset } = counts;
  const request = useRef({ entries, mode, archive });
  request.current = { entries, mode, archive };
  useEffect(() => {
    if (!open) {
      setFileType(null);
      setCsvFormat(null);
      return reset();
    }
    const r = request.current;
    mutate({ entries: r.entries, mode: r.mode, exported: r.archive });
  }, [open, mutate, reset]);

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
      await downloadFile({ entries, mode, shouldMarkAsExported: mark, exported: archive, format: chosenType, csvFormat: chosenCsv });
      onClose();
      if (mark) {
        await Promise.all([utils.worksheet.list.invalidate(), utils.worksheet.totals.invalidate()]);
        onMarked?.();
      }
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
        <>
          <Button variant={mayMark ? 'secondary' : 'primary'} onClick={() => void start(false)} loading={busy === 'plain'} disabled={busy !== null || !data || empty} data-autofocus>
            {m.exp_download()}
          </Button>
          {mayMark && (
            <Button variant="primary" className="exp-nowrap" onClick={() => void start(true)} loading={busy === 'mark'} disabled={busy !== null || !data || data.markable === 0}>
              {m.exp_download_mark()}
            </Button>
          )}
        </>
      }
    >
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
                      <p className="exp-modal__count">{m.exp_mark_count({ count: count(data.markable) })}</p>
                      {data.markable < data.entries && <p className="exp-mark__note">{m.exp_mark_partial()}</p>}
                    </>
                  )}
                  {data.markableUnapproved > 0 && (
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
    </Modal>
  );
}
