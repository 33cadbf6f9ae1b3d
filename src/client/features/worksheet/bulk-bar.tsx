import { useEffect } from 'react';
import { BULK_APPROVE_MAX } from '../../../shared/limits';
import { m } from '../../../shared/paraglide/messages.js';
import { formatNumber } from '../../lib/format';
import { useBulkApprove, type BulkTarget, type Selection } from './bulk-approve';

export interface BulkBarProps {
  selection: Selection;
  /** entries the filter selects (server totals), null while loading */
  matching: number | null;
  /** rows loaded and selectable */
  loadedSelectable: number;
  /** the list's filter as the list procedure takes it (mode and filters) */
  filter: Record<string, unknown>;
  onDone: (changed: number[]) => void;
}

/**
 * The bar of a selection: how many, "select all N matching", Approve, Remove approval, Clear. It is
 * a labelled region whose count is announced (aria-live); it sits at the bottom of the screen, so it
 * never covers a row's controls (the list leaves room for it).
 */
export function BulkBar({ selection, matching, loadedSelectable, filter, onDone }: BulkBarProps) {
  const { run, pending } = useBulkApprove();
  const count = selection.allMatching ? (matching ?? 0) : selection.ids.size;
  const status = count === 0 ? '' : selection.allMatching ? m.ws_all_matching_selected({ count: formatNumber(count) }) : m.ws_selected({ count: formatNumber(count) });
  // Offered once something is selected and the filter matches more than that (pages not loaded or rows not yet rendered).
  const canSelectAll = !selection.allMatching && matching !== null && count > 0 && matching > count && loadedSelectable > 0;
  const target = (): BulkTarget => (selection.allMatching ? { filter } : { ids: [...selection.ids] });
  const act = async (isApproved: boolean) => {
    const changed = await run(target(), isApproved);
    if (changed.length > 0) {
      selection.clear();
      onDone(changed);
    }
  };
  // Escape clears the selection from anywhere on the page while the bar shows.
  useEffect(() => {
    if (count === 0) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.querySelector('[role="dialog"]')) selection.clear();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, selection]);
  return (
    <div className={count > 0 ? 'ws-bulk is-open' : 'ws-bulk'} role="region" aria-label={m.ws_bulk_label()}>
      <p className="ws-bulk__count" aria-live="polite" aria-atomic="true">
        {status}
      </p>
      {count > 0 && (
        <div className="ws-bulk__actions">
          {canSelectAll &&
            (matching! <= BULK_APPROVE_MAX ? (
              <button type="button" className="btn btn--ghost" onClick={selection.selectAllMatching}>
                {m.ws_select_all_matching({ count: formatNumber(matching!) })}
              </button>
            ) : (
              <span className="ws-bulk__note">{m.ws_select_all_too_many({ max: formatNumber(BULK_APPROVE_MAX) })}</span>
            ))}
          <button type="button" className="btn btn--primary" disabled={pending} onClick={() => void act(true)}>
            {m.ws_bulk_approve()}
          </button>
          <button type="button" className="btn btn--secondary" disabled={pending} onClick={() => void act(false)}>
            {m.ws_bulk_unapprove()}
          </button>
          <button type="button" className="btn btn--ghost" onClick={selection.clear}>
            {m.ws_bulk_clear()}
          </button>
        </div>
      )}
    </div>
  );
}
