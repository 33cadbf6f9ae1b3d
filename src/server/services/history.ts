import type { Database } from '../../../db/database';
import { historyOf, insertHistories, insertHistory } from '../../../db/queries/worksheet-history';
import type { HistoryAction, HistoryChanges } from '../../../db/types';
import type { THistoryEntry } from '../../shared/schemas/worksheet';

type Db = Parameters<typeof insertHistory>[0];

/** The fields of a record the audit trail follows (what a person entered or decided). */
export const TRACKED_FIELDS = [
  'username',
  'date',
  'customerNo',
  'jobCode',
  'jobTaskCode',
  'locationCode',
  'workTypeCode',
  'unitType',
  'unitNo',
  'description',
  'timeFrom',
  'timeTo',
  'quantity',
  'unitOfMeasureCode',
] as const;

export type TrackedValues = { [K in (typeof TRACKED_FIELDS)[number]]: string | number | null } & { attachments?: string[] };

const norm = (v: unknown) => (v === undefined ? null : v);
const sameValue = (a: unknown, b: unknown) => JSON.stringify(norm(a)) === JSON.stringify(norm(b));

/** Field → {from, to} for every tracked field that differs (attachments compared by name list). */
export function diffChanges(before: Partial<TrackedValues> | null, after: Partial<TrackedValues> | null): HistoryChanges {
  const changes: HistoryChanges = {};
  const keys = [...TRACKED_FIELDS, 'attachments'] as const;
  for (const key of keys) {
    const from = before ? norm(before[key]) : null;
    const to = after ? norm(after[key]) : null;
    if (key === 'attachments' && (Array.isArray(from) ? from.length : 0) === 0 && (Array.isArray(to) ? to.length : 0) === 0) continue;
    if (!sameValue(from, to)) changes[key] = { from, to };
  }
  return changes;
}

export async function recordHistory(db: Db, entry: { accountId: number; worksheetId: number; action: HistoryAction; username: string; changes: HistoryChanges }): Promise<void> {
  await insertHistory(db, entry);
}

/** Several audit rows in one statement (issue 23 §2 bulk approve). */
export async function recordHistories(
  db: Db,
  entries: ReadonlyArray<{ accountId: number; worksheetId: number; action: HistoryAction; username: string; changes: HistoryChanges }>,
): Promise<void> {
  await insertHistories(db, entries);
}

/** The audit trail of a record as the API shows it. */
export async function historyEntries(db: Database, accountId: number, worksheetId: number): Promise<THistoryEntry[]> {
  const rows = await historyOf(db, accountId, worksheetId);
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    username: r.username,
    at: new Date(r.at).toISOString(),
    changes: (typeof r.changes === 'string' ? (JSON.parse(r.changes) as HistoryChanges) : r.changes) as THistoryEntry['changes'],
  }));
}
