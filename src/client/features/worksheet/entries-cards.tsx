import type { ReactNode } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import type { TWorksheetRecord } from '../../../shared/schemas/worksheet';
import { formatDate } from '../../lib/format';
import { Words } from './words';
import { SumsText, dayTotalLabel } from './entries-totals';
import { RenderedList } from './entries-window';
import { RowContext, rowClass } from './row-context';
import { SelectBox, ApproveDayButton, CopyDayButton, QuantityCell, RowIcons, ApproveControl, RowActions, ReturnedNote } from './row-parts';

/**
 * Phones and tablets: a card per day, its entries as a list of cards. Virtualised by slices of a
 * day; a day card holds the slices in view (its heading in the first, its total in the last), and
 * each card says its place in the day (aria-posinset/aria-setsize).
 */
export function EntryCards({ list, ctx }: { list: RenderedList; ctx: RowContext }) {
  return (
    <>
      {list.pieces.map((piece) => {
        if (piece.kind === 'gap') return <div key={piece.key} className="ws-gap" aria-hidden="true" style={{ height: piece.height }} />;
        const group = piece.group;
        const head = piece.list[0]?.item;
        const tail = piece.list.at(-1)?.item;
        const startsDay = head?.kind === 'slice' && head.first;
        const endsDay = tail?.kind === 'slice' && tail.last;
        const date = formatDate(group.key, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
        return (
          <section
            key={piece.key}
            className={`card ws-day ws-day--slices${endsDay ? ' ws-day--end' : ''}`}
            aria-labelledby={startsDay ? `day-${group.key}` : undefined}
            aria-label={startsDay ? undefined : date}
          >
            {piece.list.map(({ item, index }) =>
              item.kind === 'slice' ? (
                <div key={item.key} className="ws-slice" data-index={index} data-key={item.key} data-day-gap={item.last ? '' : undefined} ref={list.measure}>
                  {item.first && (
                    <header className="ws-day__head">
                      <h2 id={`day-${group.key}`} className="ws-day__title">
                        {date}
                      </h2>
                      <span className="ws-day__count">{m.ws_day_count({ count: String(group.worksheet.length) })}</span>
                      {ctx.onApproveDay && <ApproveDayButton group={group} ctx={ctx} />}
                      {!ctx.archive && <CopyDayButton group={group} ctx={ctx} />}
                    </header>
                  )}
                  <ul className="ws-cards">
                    {item.records.map((r) => (
                      <EntryCard key={r.id} record={r} pos={group.worksheet.indexOf(r) + 1} size={group.worksheet.length} ctx={ctx} />
                    ))}
                  </ul>
                  {item.last && (
                    <p className="ws-cards__foot">
                      <span>{dayTotalLabel(group.key)}</span>
                      <span>
                        <SumsText records={group.worksheet} />
                      </span>
                    </p>
                  )}
                </div>
              ) : null,
            )}
          </section>
        );
      })}
    </>
  );
}

export function EntryCard({ record: r, pos, size, ctx }: { record: TWorksheetRecord; pos: number; size: number; ctx: RowContext }) {
  const s = ctx.settings;
  const meta: Array<[string, ReactNode]> = [];
  if (ctx.showUser) meta.push([m.ws_col_user(), r.username]);
  if ((s?.showCustomer ?? true) && r.customerNo) meta.push([m.ws_field_customer(), r.customerName ?? r.customerNo]);
  if ((s?.showJobTask ?? true) && r.jobTaskCode) meta.push([m.ws_field_task(), `${r.jobTaskCode} ${r.jobTaskDescription ?? ''}`.trim()]);
  if ((s?.showLocation ?? true) && r.locationCode) meta.push([m.ws_field_location(), r.locationCode]);
  if ((s?.showWorkType ?? true) && r.workTypeCode) meta.push([m.ws_field_work_type(), r.workTypeCode]);
  if (r.timeFrom && r.timeTo) meta.push([m.ws_recorded_time(), `${r.timeFrom}–${r.timeTo}`]);
  return (
    <li className={rowClass('ws-entry', r, ctx)} data-entry-id={r.id} aria-posinset={pos} aria-setsize={size}>
      <div className="ws-entry__top">
        {ctx.selection && r.canApprove && (
          <span className="ws-entry__select">
            <SelectBox record={r} ctx={ctx} />
          </span>
        )}
        <div className="ws-entry__job">
          <span className="ws-code">
            <Words text={r.jobCode} token />
          </span>{' '}
          <span className="ws-name">
            <Words text={r.jobDescription} />
          </span>
        </div>
        <div className="ws-entry__qty">
          <QuantityCell record={r} />
        </div>
      </div>
      <p className="ws-entry__desc">
        <span className="ws-code">
          <Words text={r.unitNo} token />
        </span>{' '}
        {r.unitDescription && (
          <span className="ws-name">
            <Words text={r.unitDescription} />
          </span>
        )}{' '}
        — <Words text={r.description} />
      </p>
      <ReturnedNote record={r} />
      {meta.length > 0 && (
        <dl className="ws-entry__meta">
          {meta.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{typeof v === 'string' ? <Words text={v} /> : v}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="ws-entry__bar">
        <RowIcons record={r} ctx={ctx} />
        <span className="ws-form__spacer" />
        {!ctx.archive && <ApproveControl record={r} ctx={ctx} />}
        {!ctx.archive && <RowActions record={r} ctx={ctx} />}
      </div>
    </li>
  );
}
