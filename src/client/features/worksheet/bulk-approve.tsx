import { useCallback, useMemo, useRef, useState } from 'react';
import type { TWorksheetGroup } from '../../../shared/schemas/worksheet';
import { toast } from '../../lib/toast';
import { AppCallError, errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { invalidateCounts } from './invalidate-counts';

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
      const refetch = () => invalidateCounts(utils);
      return steps.runBulkApprove(bulk.mutateAsync, refetch, target, isApproved);
    },
    [bulk, utils],
  );
  return { run, pending: bulk.isPending };
}

/** The ids of a day the caller may approve and that are not approved yet: what "Approve day" sends. */
export const approvableOf = (group: TWorksheetGroup) => group.worksheet.filter((r) => r.canApprove && r.approvedBy === null).map((r) => r.id);
