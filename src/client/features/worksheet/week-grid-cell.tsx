import { m } from '../../../shared/paraglide/messages.js';
import type { TWeekRow } from '../../../shared/schemas/worksheet-week';
import { cell, type Day } from './week-parts';
import { cellErrorId, cellKey, type Grid } from './use-week-grid';
import { cellText, isHourUnit } from './week-grid-logic';

/**
 * Issue 40 §4: one day of one row in the grid (decisions 0420, 0496). A day the caller may type
 * into is a text field: the one being edited is a plain input (no hook, no state of its own: the
 * grid handles its events, use-week-grid.ts); every other one is a focusable `role="textbox"`
 * element showing the same text with the same name and state, which the grid swaps for the input
 * the moment it takes the focus (a tap, a click, Tab, an arrow). A week of 40 rows so mounts one
 * input, not 280. A refusal is shown under the cell and named by aria-describedby. A day of
 * several entries, or of an entry that is locked (approved, exported, in a closed period, not the
 * caller's to change), is the week's link to that day (week-parts `cell`), and so is an empty day
 * the grid cannot create in.
 */
export function gridCell(row: TWeekRow, i: number, day: Day, name: string, grid: Grid | undefined) {
  if (!grid?.editable(row, i)) return cell(row, i, day, name);
  const key = cellKey(row, i);
  const flag = grid.flags.get(key);
  const stored = row.entries[i] === 1 ? cellText(row.days[i]!, grid.locale) : '';
  // "Waiting to send" until the week shows what was typed: a new entry, a changed one, or none (decision 0471).
  const queued = flag?.queued === true && stored !== flag.typed;
  const errorId = flag?.error || queued ? cellErrorId(key) : undefined;
  const label = isHourUnit(row.unitOfMeasureCode) ? m.ws_grid_hours({ date: day.label, row: name }) : m.ws_grid_quantity({ date: day.label, row: name });
  // What the cell shows: what was typed while it is refused, being saved or waiting to send, else the stored value.
  const text = flag?.error || flag?.busy || queued ? (flag.typed ?? stored) : stored;
  const k = key.slice(0, key.lastIndexOf('#'));
  const className = flag?.error ? 'wk-in is-invalid' : 'wk-in';
  return (
    <>
      {grid.editing === key ? (
        <input
          key="in"
          className={className}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          enterKeyHint="done"
          data-k={k}
          data-d={i}
          data-v={stored}
          defaultValue={text}
          aria-label={label}
          aria-invalid={flag?.error ? true : undefined}
          aria-describedby={errorId}
          aria-busy={flag?.busy ? true : undefined}
          autoFocus
        />
      ) : (
        <span
          key="out"
          className={className}
          role="textbox"
          tabIndex={0}
          data-k={k}
          data-d={i}
          aria-label={label}
          aria-invalid={flag?.error ? true : undefined}
          aria-describedby={errorId}
          aria-busy={flag?.busy ? true : undefined}
        >
          {text}
        </span>
      )}
      {flag?.error ? (
        <span id={errorId} className="wk-err" role="alert">
          {flag.error}
        </span>
      ) : queued ? (
        <span id={errorId} className="wk-queued">
          {m.ws_grid_queued()}
        </span>
      ) : null}
    </>
  );
}
