import type { TWorksheetGroup, TWorksheetRecord } from '../../../shared/schemas/worksheet';
import { windowSize } from '../../lib/window-metrics';

/**
 * The list is virtualised (issue 25 §4): only the rows in and near the viewport are in the DOM,
 * whatever the number of loaded entries, with the window as the scroller (as admin-list.tsx).
 * The table's items are a day's heading row and each entry's row; the cards come in slices of
 * CARD_SLICE entries of one day (the tablet grid of one to three columns fills whole rows in each
 * slice), the first slice with the day's heading, the last with its total. Printing renders all.
 * On a phone (one column) a slice is two cards: six there were ~1 500 px each, so the first render
 * held twelve cards (~540 elements) for the three in view (issue 25 §4).
 */
export const CARD_SLICE = 6;
export const PHONE_CARD_SLICE = 2;
/** The space below a day card (the .ws-days gap), counted in the height of the day's last slice. */
export const DAY_GAP = 16;

export type ListItem =
  | { kind: 'day'; key: string; group: TWorksheetGroup }
  | { kind: 'entry'; key: string; group: TWorksheetGroup; record: TWorksheetRecord }
  | { kind: 'slice'; key: string; group: TWorksheetGroup; records: TWorksheetRecord[]; first: boolean; last: boolean };

export function tableItems(groups: readonly TWorksheetGroup[]): ListItem[] {
  const out: ListItem[] = [];
  for (const group of groups) {
    out.push({ kind: 'day', key: `d${group.key}`, group });
    for (const record of group.worksheet) out.push({ kind: 'entry', key: `e${record.id}`, group, record });
  }
  return out;
}

export function cardItems(groups: readonly TWorksheetGroup[], size: number): ListItem[] {
  const out: ListItem[] = [];
  for (const group of groups) {
    const n = group.worksheet.length;
    for (let from = 0; from < n; from += size) {
      out.push({ kind: 'slice', key: `s${group.key}-${from}`, group, records: group.worksheet.slice(from, from + size), first: from === 0, last: from + size >= n });
    }
  }
  return out;
}

/** A first guess of an item's height (px); the rendered item is measured. */
export function estimateHeight(item: ListItem | undefined): number {
  if (!item) return 50;
  if (item.kind === 'day') return 50;
  if (item.kind === 'entry') return 54;
  const { width } = windowSize();
  const columns = width < 640 ? 1 : Math.max(1, Math.min(3, Math.floor((width - 48) / 340)));
  return Math.ceil(item.records.length / columns) * 124 + (item.first ? 50 : 0) + (item.last ? 42 + DAY_GAP : 0);
}

/** Where the rendered items are: runs of consecutive items of one day, and the space between them. */
export type Piece = { kind: 'gap'; key: string; height: number } | { kind: 'run'; key: string; group: TWorksheetGroup; list: Array<{ item: ListItem; index: number }> };

export function piecesOf(items: readonly ListItem[], rendered: ReadonlyArray<{ index: number; start: number; end: number }>, totalSize: number | null): Piece[] {
  const out: Piece[] = [];
  const runsOfDay = new Map<string, number>();
  let prevEnd = 0;
  let current: Extract<Piece, { kind: 'run' }> | null = null;
  for (const r of rendered) {
    const item = items[r.index];
    if (!item) continue;
    const gap = totalSize === null ? 0 : r.start - prevEnd;
    if (gap > 0.5) {
      out.push({ kind: 'gap', key: `gap${out.length}`, height: gap });
      current = null;
    }
    if (!current || current.group.key !== item.group.key) {
      // Keyed by day (a second run of the same day is rare: a focused row kept far away), so
      // scrolling never remounts the rows of a day that stays in view.
      const seen = runsOfDay.get(item.group.key) ?? 0;
      runsOfDay.set(item.group.key, seen + 1);
      current = { kind: 'run', key: seen ? `${item.group.key}~${seen}` : item.group.key, group: item.group, list: [] };
      out.push(current);
    }
    current.list.push({ item, index: r.index });
    prevEnd = r.end;
  }
  if (totalSize !== null && totalSize - prevEnd > 0.5) out.push({ kind: 'gap', key: 'gap-end', height: totalSize - prevEnd });
  return out;
}

/** What the table and the cards render: the pieces in view, the virtualiser's measuring ref. */
export interface RenderedList {
  pieces: Piece[];
  measure: ((el: Element | null) => (() => void) | undefined) | undefined;
  /** items in the whole list (table: day rows and entry rows) */
  rowCount: number;
}
