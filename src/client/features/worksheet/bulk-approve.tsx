import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BULK_APPROVE_MAX } from '../../../shared/limits';
import { m } from '../../../shared/paraglide/messages.js';
import type { TWorksheetGroup } from '../../../shared/schemas/worksheet';
import { toast } from '../../components/toast';
import { AppCallError, errorMessage } from '../../lib/errors';
import { formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';

/*
 * Issue 23 §2: row selection on the Team and All tabs, the bulk bar, and the one confirmation
 * ("Approve 23 entries of 3 people?") before PUT /api/worksheet/approve/bulk. The numbers of the
 * confirmation come from the server's dry run of the same call, so they are the entries that will
 * change, whatever is loaded on the page (decision 0218).
 */

export interface Selection {
  /** selected ids (when `allMatching`, the loaded rows, shown checked) */
  ids: ReadonlySet<number>;
  /** "select all N matching": the server's filter, every page */
  allMatching: boolean;
  has(id: number): boolean;
  /** a click on a row's box; with Shift, the rows between the last click and this one take its new state */
  toggle(id: number, shift: boolean, order: readonly number[]): void;
  setMany(ids: readonly number[], on: boolean): void;
  selectAllMatching(): void;
  clear(): void;
}

/** Selection state that starts empty again whenever `resetKey` (tab and filters) changes. */
export function useSelection(resetKey: string): Selection {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const anchor = useRef<number | null>(null);
  const [key, setKey] = useState(resetKey);
  if (key !== resetKey) {
    setKey(resetKey);
    setIds(new Set());
    setAllMatching(false);
    anchor.current = null;
  }
  const toggle = useCallback((id: number, shift: boolean, order: readonly number[]) => {
    setAllMatching(false);
    setIds((prev) => {
      const next = new Set(prev);
      const on = !prev.has(id);
      const from = anchor.current === null ? -1 : order.indexOf(anchor.current);
      const to = order.indexOf(id);
      if (shift && from >= 0 && to >= 0) {
        for (let i = Math.min(from, to); i <= Math.max(from, to); i++) {
          if (on) next.add(order[i]!);
          else next.delete(order[i]!);
        }
      } else if (on) next.add(id);
      else next.delete(id);
      return next;
    });
    anchor.current = id;
  }, []);
  const setMany = useCallback((list: readonly number[], on: boolean) => {
    setAllMatching(false);
    setIds((prev) => {
      const next = new Set(prev);
      for (const id of list) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  return useMemo(
    () => ({
      ids,
      allMatching,
      has: (id: number) => allMatching || ids.has(id),
      toggle,
      setMany,
      selectAllMatching: () => setAllMatching(true),
      clear: () => {
        setIds(new Set());
        setAllMatching(false);
        anchor.current = null;
      },
    }),
    [ids, allMatching, toggle, setMany],
  );
}

/** What a bulk call names: ids, or the list's filter (every entry it selects). */
export type BulkTarget = { ids: number[] } | { filter: Record<string, unknown> };

/**
 * Approve (or unapprove) a target after one confirmation; resolves the ids that changed (empty
 * when cancelled or refused). The steps (bulk-run.ts) come with the first use.
 */
export function useBulkApprove() {
  const utils = trpc.useUtils();
  const bulk = trpc.worksheet.bulkApprove.useMutation();
  const run = useCallback(
    async (target: BulkTarget, isApproved: boolean): Promise<number[]> => {
      const steps = await import('./bulk-run').catch((cause: unknown) => {
        toast.error(errorMessage(AppCallError.network(cause)));
        return null;
      });
      if (!steps) return [];
      const refetch = () => Promise.all([utils.worksheet.list.invalidate(), utils.worksheet.totals.invalidate()]);
      return steps.runBulkApprove(bulk.mutateAsync, refetch, target, isApproved);
    },
    [bulk, utils],
  );
  return { run, pending: bulk.isPending };
}

/** The ids of a day the caller may approve and that are not approved yet: what "Approve day" sends. */
export const approvableOf = (group: TWorksheetGroup) => group.worksheet.filter((r) => r.canApprove && r.approvedBy === null).map((r) => r.id);

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
