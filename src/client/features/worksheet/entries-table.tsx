import { m } from '../../../shared/paraglide/messages.js';
import type { TWorksheetGroup, TWorksheetRecord } from '../../../shared/schemas/worksheet';
import { formatDate } from '../../lib/format';
import { Words } from './words';
import { SumsText, dayTotalLabel } from './entries-totals';
import { RenderedList } from './entries-window';
import { RowContext, rowClass } from './row-context';
import { SelectBox, ApproveDayButton, CopyDayButton, CodeName, QuantityCell, RowIcons, ApproveControl, RowActions, ReturnedNote } from './row-parts';

/** The columns of the review table for the account's settings and the view. */
export function tableColumns(ctx: RowContext) {
  const s = ctx.settings;
  return {
    user: ctx.showUser,
    customer: s?.showCustomer ?? true,
    task: s?.showJobTask ?? true,
    location: s?.showLocation ?? true,
    workType: s?.showWorkType ?? true,
    actions: !ctx.archive,
    select: ctx.selection !== undefined,
  };
}

/**
 * Desktop (issue 10 §1): the whole view is ONE table, so columns line up from day to day. Each day
 * is a <tbody> that opens with its heading row (date, count, day total). Long values wrap; the
 * controls (photos, recorded time, history, approve, edit, delete) sit in the last columns and
 * are never pushed out of view, because nothing in the table refuses to wrap. Virtualised: the
 * rows out of view are an empty spacer row, and every row says where it is (aria-rowindex).
 */
export function EntriesTable({ list, ctx }: { list: RenderedList; ctx: RowContext }) {
  const cols = tableColumns(ctx);
  const count = 5 + [cols.user, cols.customer, cols.task, cols.location, cols.workType, cols.select].filter(Boolean).length + (cols.actions ? 2 : 0);
  // "Select all shown": every loaded entry the caller may approve, rendered or scrolled out of view.
  const shown = ctx.order;
  const allShown = shown.length > 0 && shown.every((id) => ctx.selection?.has(id));
  return (
    <div className="card ws-review">
      <table className="ws-table" aria-rowcount={list.rowCount + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {cols.select && (
              <th scope="col" className="ws-select-col">
                <input
                  type="checkbox"
                  className="ws-select"
                  checked={allShown}
                  disabled={shown.length === 0}
                  onChange={() => ctx.selection?.setMany(shown, !allShown)}
                  aria-label={m.ws_select_shown()}
                />
              </th>
            )}
            {cols.user && <th scope="col">{m.ws_col_user()}</th>}
            {cols.customer && <th scope="col">{m.ws_field_customer()}</th>}
            <th scope="col">{m.ws_field_job()}</th>
            {cols.task && <th scope="col">{m.ws_field_task()}</th>}
            {cols.location && (
              <th scope="col" className="ws-col-low">
                {m.ws_field_location()}
              </th>
            )}
            {cols.workType && (
              <th scope="col" className="ws-col-low">
                {m.ws_field_work_type()}
              </th>
            )}
            <th scope="col">{m.ws_field_unit()}</th>
            <th scope="col">{m.ws_field_description()}</th>
            <th scope="col" className="ws-right">
              {m.ws_field_quantity()}
            </th>
            <th scope="col" className="ws-icons-col">
              <span className="visually-hidden">
                {m.ws_attachments()}, {m.ws_recorded_title()}, {m.ws_hist_title()}
              </span>
            </th>
            {cols.actions && (
              <th scope="col" className="ws-approve-col">
                {m.ws_col_approved()}
              </th>
            )}
            {cols.actions && (
              <th scope="col" className="ws-actions-col">
                <span className="visually-hidden">{m.ws_col_actions()}</span>
              </th>
            )}
          </tr>
        </thead>
        {list.pieces.map((piece) =>
          piece.kind === 'gap' ? (
            <tbody key={piece.key} className="ws-gap" aria-hidden="true">
              <tr>
                <td colSpan={count} style={{ height: piece.height }} />
              </tr>
            </tbody>
          ) : (
            <tbody key={piece.key} className="ws-day" aria-labelledby={piece.list[0]?.item.kind === 'day' ? `day-${piece.group.key}` : undefined}>
              {piece.list.map(({ item, index }) =>
                item.kind === 'day' ? (
                  <DayRow key={item.key} group={item.group} index={index} count={count} ctx={ctx} measure={list.measure} />
                ) : item.kind === 'entry' ? (
                  <EntryRow key={item.key} record={item.record} itemKey={item.key} index={index} cols={cols} ctx={ctx} measure={list.measure} />
                ) : null,
              )}
            </tbody>
          ),
        )}
      </table>
    </div>
  );
}

export function DayRow({ group, index, count, ctx, measure }: { group: TWorksheetGroup; index: number; count: number; ctx: RowContext; measure: RenderedList['measure'] }) {
  return (
    <tr className="ws-day-row" data-index={index} data-key={`d${group.key}`} ref={measure} aria-rowindex={index + 2}>
      <th scope="rowgroup" colSpan={count}>
        <div className="ws-day-row__inner">
          <h2 id={`day-${group.key}`} className="ws-day__title">
            {formatDate(group.key, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
          </h2>
          <span className="ws-day__count">{m.ws_day_count({ count: String(group.worksheet.length) })}</span>
          <span className="ws-day-row__sum">
            {dayTotalLabel(group.key)}: <SumsText records={group.worksheet} />
          </span>
          {ctx.onApproveDay && <ApproveDayButton group={group} ctx={ctx} />}
          {!ctx.archive && <CopyDayButton group={group} ctx={ctx} />}
        </div>
      </th>
    </tr>
  );
}

export function EntryRow({
  record: r,
  itemKey,
  index,
  cols,
  ctx,
  measure,
}: {
  record: TWorksheetRecord;
  itemKey: string;
  index: number;
  cols: ReturnType<typeof tableColumns>;
  ctx: RowContext;
  measure: RenderedList['measure'];
}) {
  return (
    <tr className={rowClass('ws-row', r, ctx)} data-entry-id={r.id} data-index={index} data-key={itemKey} ref={measure} aria-rowindex={index + 2}>
      {cols.select && (
        <td className="ws-select-col">
          <SelectBox record={r} ctx={ctx} />
        </td>
      )}
      {cols.user && (
        <td className="ws-wrap">
          <Words text={r.username} token />
        </td>
      )}
      {cols.customer && (
        <td>
          <CodeName code={r.customerNo} name={r.customerName} />
        </td>
      )}
      <td>
        <CodeName code={r.jobCode} name={r.jobDescription} />
      </td>
      {cols.task && (
        <td>
          <CodeName code={r.jobTaskCode} name={r.jobTaskDescription} />
        </td>
      )}
      {cols.location && <td className="ws-wrap ws-col-low">{r.locationCode ? <Words text={r.locationCode} token /> : <span className="ws-muted">–</span>}</td>}
      {cols.workType && (
        <td className="ws-col-low">
          <CodeName code={r.workTypeCode} name={r.workTypeDescription} />
        </td>
      )}
      <td>
        <CodeName code={r.unitNo} name={r.unitDescription} />
      </td>
      <td className="ws-desc">
        <Words text={r.description} />
        {r.timeFrom && r.timeTo && (
          <span className="ws-times">
            {r.timeFrom}–{r.timeTo}
          </span>
        )}
        <ReturnedNote record={r} />
      </td>
      <td className="ws-right ws-qty">
        <QuantityCell record={r} />
      </td>
      <td className="ws-icons-col">
        <span className="ws-icons">
          <RowIcons record={r} ctx={ctx} />
        </span>
      </td>
      {cols.actions && (
        <td className="ws-approve-col">
          <ApproveControl record={r} ctx={ctx} />
        </td>
      )}
      {cols.actions && (
        <td className="ws-actions-col">
          <RowActions record={r} ctx={ctx} />
        </td>
      )}
    </tr>
  );
}
