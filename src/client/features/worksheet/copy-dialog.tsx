import { useRef, useState } from 'react';
import { z } from 'zod';
import { isoDate } from '../../../shared/fields';
import { m } from '../../../shared/paraglide/messages.js';
import type { TWorksheetRecord } from '../../../shared/schemas/worksheet';
import type { TCopyWorksheetInput, TCopyWorksheetResult, TCopyPreviewEntry } from '../../../shared/schemas/worksheet-copy';
import { defaultCopyDate } from '../../../shared/copy-dates';
import { addWeeks, weekDays, weekNumber, weekOf } from '../../../shared/week';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { Modal } from '../../components/modal';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatNumber } from '../../lib/format';
import { restJson } from '../../lib/rest';
import { submitHandler, useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../lib/trpc';
import { invalidateCounts } from './invalidate-counts';

/** What "Copy to…" copies: an entry or a day's entries, or a week's ("Copy week…"). */
export interface CopyRequest {
  ids: number[];
  /** The source date: the target date starts one day later (a weekday after a weekday, issue 40 §5). */
  fromDate: string;
  /**
   * A week's entries (ISO week `YYYY-Www`): the target is a week, each copy lands on its own
   * weekday of it (`toWeek`, decision 0210); the date field names any day of that week and starts
   * on the next week's Monday.
   */
  week?: string;
}

const ZCopyForm = z.object({ toDate: isoDate() });

/** POST /api/worksheet/copy over REST, so the real call carries an Idempotency-Key (decision 0130). */
const copyCall = (input: TCopyWorksheetInput, key?: string) =>
  restJson<TCopyWorksheetResult>('/api/worksheet/copy', {
    method: 'POST',
    body: JSON.stringify(input),
    headers: { 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
  });

/**
 * Issue 22 §5 (decision 0210): the "Copy to…" dialog of an entry or a day — a date, the dry run's
 * preview of what will be created, then Copy. Loaded on first use (decision 0185).
 */
export function CopyDialog({ request, onClose, onCopied }: { request: CopyRequest | null; onClose: () => void; onCopied?: (created: TWorksheetRecord[]) => void }) {
  return (
    <Modal open={request !== null} title={request?.week ? m.ws_copy_week_title({ week: String(weekNumber(request.week)) }) : m.ws_copy_title()} onClose={onClose} size="small">
      {request && <CopyForm key={`${request.fromDate}:${request.ids.join(',')}`} request={request} onClose={onClose} onCopied={onCopied} />}
    </Modal>
  );
}

function CopyForm({ request, onClose, onCopied }: { request: CopyRequest; onClose: () => void; onCopied?: ((created: TWorksheetRecord[]) => void) | undefined }) {
  const week = request.week;
  const form = useZodForm(ZCopyForm, { toDate: week ? weekDays(addWeeks(week, 1))[0]! : defaultCopyDate(request.fromDate) });
  const [preview, setPreview] = useState<{ toDate: string; rows: TCopyPreviewEntry[]; existing: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef<string>(crypto.randomUUID());
  const utils = trpc.useUtils();
  const date = form.text('toDate');
  const previewFits = preview !== null && preview.toDate === form.values.toDate;
  // A week goes to the week of the chosen day; an entry or a day to the day itself.
  const target = (toDate: string) => (week ? { toWeek: toDate } : { toDate });

  const run = async (formElement: HTMLFormElement) => {
    const values = form.validate(formElement);
    if (!values) return;
    setBusy(true);
    try {
      if (!previewFits) {
        const res = await copyCall({ ids: request.ids, ...target(values.toDate), dryRun: true });
        setPreview({ toDate: values.toDate, rows: res.preview, existing: res.existing });
        return;
      }
      const res = await copyCall({ ids: request.ids, ...target(values.toDate) }, key.current);
      toast.success(m.ws_copy_toast({ count: formatNumber(res.created.length) }));
      await Promise.all([utils.worksheet.invalidate(), invalidateCounts(utils)]);
      onCopied?.(res.created);
      onClose();
    } catch (error) {
      if (!form.setServerErrors(error)) toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ws-copy" onSubmit={submitHandler(run)} noValidate>
      <TextField label={week ? m.ws_copy_week_date() : m.ws_copy_date()} type="date" required data-autofocus {...date} />
      <p className="ws-copy__note">{m.ws_copy_note()}</p>
      {previewFits && (
        <section className="ws-copy__preview" aria-live="polite">
          <h3>
            {week
              ? m.ws_copy_week_preview_heading({ count: formatNumber(preview.rows.length), week: String(weekNumber(weekOf(preview.toDate))) })
              : m.ws_copy_preview_heading({
                  count: formatNumber(preview.rows.length),
                  date: formatDate(preview.toDate, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
                })}
          </h3>
          {preview.existing > 0 && (
            <p className="ws-copy__existing" role="note">
              {m.ws_copy_existing({ count: formatNumber(preview.existing) })}
            </p>
          )}
          <ul>
            {preview.rows.map((r) => (
              <li key={r.sourceId}>
                {week && <span className="ws-copy__date">{formatDate(r.date, { weekday: 'short', day: 'numeric', month: 'short' })}</span>}
                <span className="ws-code">{r.jobCode}</span> · <span className="ws-code">{r.unitNo}</span> — {r.description}
                <span className="ws-copy__qty">
                  {r.timeFrom && r.timeTo ? `${r.timeFrom}–${r.timeTo} · ` : ''}
                  {formatNumber(r.quantity, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} {r.unitOfMeasureCode}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="ws-copy__actions">
        <Button onClick={onClose}>{m.ws_copy_cancel()}</Button>
        <Button variant="primary" type="submit" loading={busy}>
          {previewFits ? m.ws_copy_confirm() : m.ws_copy_preview()}
        </Button>
      </div>
    </form>
  );
}
