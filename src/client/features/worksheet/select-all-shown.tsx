import { m } from '../../../shared/paraglide/messages.js';
import type { Selection } from './bulk-approve';

/**
 * Issue 38 §4: the cards (phones, tablets and small laptops up to 1279 px) get the table's "Select
 * all shown": every loaded entry the caller may approve, also those scrolled out of view, so a team
 * leader approves a filtered week in one step instead of day by day.
 */
export function SelectAllShown({ selection, shown }: { selection: Selection; shown: readonly number[] }) {
  const all = shown.length > 0 && shown.every((id) => selection.has(id));
  return (
    <label className="ws-select-all card">
      <input type="checkbox" className="ws-select" checked={all} disabled={shown.length === 0} onChange={() => selection.setMany(shown, !all)} />
      <span>{m.ws_select_shown()}</span>
    </label>
  );
}
