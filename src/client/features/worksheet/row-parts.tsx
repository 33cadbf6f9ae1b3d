import type { ReactNode } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import type { TWorksheetGroup, TWorksheetRecord } from '../../../shared/schemas/worksheet';
import { formatDate } from '../../lib/format';
import { approvableOf } from './bulk-approve';
import { quantityText, unitWord } from './unit-words';
import { Words } from './words';
import { preloadPopups, preloadCopy, preloadReturn } from './entries-lazy';
import { RowContext, editHref } from './row-context';

/** A row's selection box: Space toggles it when focused, Shift+click selects the range from the last click. */
export function SelectBox({ record, ctx }: { record: TWorksheetRecord; ctx: RowContext }) {
  const sel = ctx.selection;
  if (!sel || !record.canApprove) return null;
  return (
    <input
      type="checkbox"
      className="ws-select"
      checked={sel.has(record.id)}
      onChange={() => undefined}
      onClick={(e) => sel.toggle(record.id, e.shiftKey, ctx.order)}
      onKeyDown={(e) => {
        // Space on a checkbox fires a click (handled above); Enter does nothing by default.
        if (e.key === 'Enter') {
          e.preventDefault();
          sel.toggle(record.id, e.shiftKey, ctx.order);
        }
      }}
      aria-label={m.ws_select_entry({ description: `${record.username} ${formatDate(record.date)} ${record.description}` })}
    />
  );
}

/** "Approve day": every entry of the day the caller may approve and that waits, after one confirmation. */
export function ApproveDayButton({ group, ctx }: { group: TWorksheetGroup; ctx: RowContext }) {
  if (approvableOf(group).length === 0) return null;
  const day = formatDate(group.key, { weekday: 'long', day: 'numeric', month: 'long' });
  return (
    <button type="button" className="btn btn--ghost ws-day__approve" onClick={() => ctx.onApproveDay?.(group)}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      </svg>
      <span>{m.ws_approve_day()}</span>
      <span className="visually-hidden"> {m.ws_approve_day_label({ day })}</span>
    </button>
  );
}

export const copyIcon = (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 00-2-2H6a2 2 0 00-2 2v8a2 2 0 002 2h2" />
  </svg>
);

/** "Copy to…" of a day: every entry of the day, loaded or not yet (decision 0210). */
export function CopyDayButton({ group, ctx }: { group: TWorksheetGroup; ctx: RowContext }) {
  const day = formatDate(group.key, { weekday: 'long', day: 'numeric', month: 'long' });
  return (
    <button type="button" className="btn btn--ghost ws-day__copy" {...preloadCopy} onClick={() => ctx.copy({ ids: group.worksheet.map((r) => r.id), fromDate: group.key })}>
      {copyIcon}
      <span>{m.ws_copy_action()}</span>
      {/* The visible text first, so the accessible name starts with it (WCAG 2.5.3). */}
      <span className="visually-hidden"> {m.ws_copy_day_label({ day })}</span>
    </button>
  );
}

/** A code over its name; a long name is cut after two lines and shown whole on hover. */
export function CodeName({ code, name }: { code: string | null; name?: string | null }) {
  if (!code) return <span className="ws-muted">–</span>;
  return (
    <span className="ws-codename" title={name ? `${code} · ${name}` : code}>
      <span className="ws-code">
        <Words text={code} token />
      </span>
      {name && (
        <span className="ws-name">
          <Words text={name} />
        </span>
      )}
    </span>
  );
}

/** "8,00 Hour": the quantity with its unit of measure's description (the code when it has none). */
export function QuantityCell({ record }: { record: TWorksheetRecord }) {
  return (
    <>
      <span className="ws-num">{quantityText(record.quantity)}</span>{' '}
      <span className="ws-uom" title={record.unitOfMeasureCode}>
        <Words text={unitWord(record.quantity, record.unitOfMeasureCode, record.unitOfMeasureDescription)} />
      </span>
    </>
  );
}

/** Issue 40 §1: "Returned by your team leader: <reason>" on an entry sent back and not yet fixed. */
export function ReturnedNote({ record }: { record: TWorksheetRecord }) {
  if (record.returnedBy === null || record.returnReason === null) return null;
  return (
    <p className="ws-returned" title={m.ws_returned_by({ user: record.returnedBy })}>
      <Words text={m.ws_returned_note({ reason: record.returnReason })} />
    </p>
  );
}

/** Attachment icon, recorded-time popup, edit-history popup. */
export function RowIcons({ record, ctx }: { record: TWorksheetRecord; ctx: RowContext }) {
  const wrap = (node: ReactNode, key: string) => <span key={key}>{node}</span>;
  return (
    <>
      {wrap(
        record.attachments.length > 0 ? (
          <button
            type="button"
            className="icon-button ws-badge-button"
            onClick={() => ctx.open('photos', record)}
            {...preloadPopups}
            aria-label={m.ws_att_show({ count: String(record.attachments.length) })}
            title={m.ws_att_show({ count: String(record.attachments.length) })}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M16.5 6.5l-7.8 7.8a2 2 0 002.8 2.8l7.8-7.8a4 4 0 00-5.7-5.7L5.8 11.4a6 6 0 008.5 8.5l6.2-6.2" />
            </svg>
            <span className="ws-badge">{record.attachments.length}</span>
          </button>
        ) : null,
        'att',
      )}
      {wrap(
        <button type="button" className="icon-button" onClick={() => ctx.open('time', record)} {...preloadPopups} aria-label={m.ws_recorded_title()} title={m.ws_recorded_title()}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="8.5" />
            <path d="M12 7.5V12l3 2" />
          </svg>
        </button>,
        'time',
      )}
      {wrap(
        record.canViewHistory ? (
          <button type="button" className="icon-button" onClick={() => ctx.open('history', record)} {...preloadPopups} aria-label={m.ws_hist_title()} title={m.ws_hist_title()}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M4 12a8 8 0 102.4-5.7M4 4v4h4" />
              <path d="M12 8v4.5l3 1.5" />
            </svg>
          </button>
        ) : null,
        'hist',
      )}
    </>
  );
}

/** Approve toggle with confirmation (outside YOURS, when allowed); otherwise the approval state. */
export function ApproveControl({ record, ctx }: { record: TWorksheetRecord; ctx: RowContext }) {
  const approved = record.approvedBy !== null;
  if (ctx.mode === 'YOURS' || !record.canApprove) {
    return approved ? (
      <span className="ws-status ws-status--approved" title={m.ws_approved_by({ user: record.approvedBy ?? '' })}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
        {m.ws_approved()}
      </span>
    ) : null;
  }
  return (
    <>
      <span className="ws-print-only">{approved ? '✓' : ''}</span>
      <label className="ws-switch" title={approved ? m.ws_approved_by({ user: record.approvedBy ?? '' }) : undefined}>
        <input
          type="checkbox"
          role="switch"
          checked={approved}
          disabled={ctx.pending.has(record.id)}
          onChange={() => ctx.toggleApproval(record)}
          aria-label={m.ws_approve_label({ description: record.description })}
        />
        <span className="ws-switch__track" aria-hidden="true" />
        <span className="ws-switch__text">{approved ? m.ws_approved() : m.ws_approve()}</span>
      </label>
    </>
  );
}

/** Edit and delete (delete after confirmation), when the caller may change the entry now. */
export function RowActions({ record, ctx }: { record: TWorksheetRecord; ctx: RowContext }) {
  const copyButton = (
    <button
      type="button"
      className="icon-button"
      {...preloadCopy}
      onClick={() => ctx.copy({ ids: [record.id], fromDate: record.date })}
      aria-label={m.ws_copy_entry_label({ description: record.description })}
      title={m.ws_copy_action()}
    >
      {copyIcon}
    </button>
  );
  // Send back (issue 40 §1): outside one's own tab, for the entries one may approve.
  const returnButton =
    !ctx.archive && ctx.mode !== 'YOURS' && record.canApprove ? (
      <button
        type="button"
        className="icon-button"
        {...preloadReturn}
        onClick={() => ctx.sendBack(record)}
        aria-label={m.ws_return_label({ description: record.description })}
        title={m.ws_return_action()}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M9 14L4 9l5-5" />
          <path d="M4 9h10.5a5.5 5.5 0 010 11H11" />
        </svg>
      </button>
    ) : null;
  if (!record.canManage)
    return (
      <span className="ws-row-actions">
        {returnButton}
        {copyButton}
      </span>
    );
  const intent = () => ctx.preloadEdit(record);
  return (
    <span className="ws-row-actions">
      {returnButton}
      {copyButton}
      {/* A plain link: the router's <Link> per row was most of a row's cost (decision 0288). */}
      <a
        href={editHref(record)}
        onClick={(e) => {
          if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          ctx.edit(record);
        }}
        onMouseEnter={intent}
        onFocus={intent}
        onTouchStart={intent}
        className="icon-button"
        aria-label={m.ws_edit_label({ description: record.description })}
        title={m.ws_edit()}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 20h4L19 9l-4-4L4 16z" />
          <path d="M13.5 6.5l4 4" />
        </svg>
      </a>
      <button
        type="button"
        className="icon-button ws-danger"
        onClick={() => ctx.remove(record)}
        disabled={ctx.pending.has(record.id)}
        aria-label={m.ws_delete_label({ description: record.description })}
        title={m.ws_delete()}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M5 7h14M10 7V5h4v2M7 7l1 12h8l1-12" />
        </svg>
      </button>
    </span>
  );
}
