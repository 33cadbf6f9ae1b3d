import type { z } from 'zod';
import { coded, readErrorToken, renderError, type CodedError } from '../../shared/error-codes';
import { IMPORT_REPORT_MAX_ROWS } from '../../shared/limits';
import { captionKey, IMPORT_FIELDS, type ImportEntity, type TImportReport, type TImportRow } from '../../shared/schemas/import';
import { zodFieldErrors } from '../zod-issues';
import { COLLECT_EVERY, releaseGarbage } from './memory';
import { normalizeDate, type ParsedTable } from './parse';

/*
 * The import engine (issue 42 §2): maps a parsed file's captions onto an entity's fields,
 * validates every row with the entity's shared zod schema and the services' reference rules,
 * compares it with the stored record and says per row: created, changed (field by field),
 * unchanged or refused (column + coded reason). Writing is the caller's (one transaction).
 */

/** A record as the engine compares it: field → text, true/false, or null. */
export type Rec = Record<string, string | boolean | null>;

export type CheckResult = { ok: Rec } | { field: string; error: CodedError };

/** What one entity needs: its schema, how to load, check and write (src/server/import/entities.ts). */
export interface EntityHandler {
  keyFields: readonly string[];
  /** The shared create schema (plus import-only fields); its output is the record. */
  schema: z.ZodType;
  /** Fields compared with the stored record (besides `active`). */
  diffFields: readonly string[];
  /** The stored records, by key. */
  current: Map<string, Rec>;
  /** Fills what a row leaves empty from the stored record (e.g. a unit's description). */
  complete?(rec: Rec, current: Rec | undefined): Rec;
  /** The stored record as compared with this row (computed fields, e.g. an item's base unit). */
  compareWith?(current: Rec, incoming: Rec): Rec;
  /** The services' reference rules: the row's record (maybe respelled) or a field's refusal. */
  check?(rec: Rec, current: Rec | undefined): Promise<CheckResult>;
  create(rec: Rec): Promise<void>;
  update(rec: Rec, current: Rec): Promise<void>;
  /**
   * Creates and updates many records in few statements (multi-row insert … on conflict do
   * update, chunks of 500; issue 42 budget). When present, `write` uses it instead of create/update.
   */
  upsertMany?(recs: Rec[]): Promise<void>;
  deactivate(currents: Rec[]): Promise<void>;
  /** keys compared without case (usernames); default exact */
  foldKeys?: boolean;
  /** "deactivate what the file lacks" does not apply (users: an admin is never deactivated by a file) */
  neverDeactivate?: boolean;
}

export const keyOf = (fields: readonly string[], rec: Rec) => fields.map((f) => String(rec[f] ?? '')).join(' / ');

export interface ColumnPlan {
  columns: Array<{ caption: string; field: string | null }>;
  missingFields: string[];
  /** column index → field */
  byIndex: Map<number, string>;
}

/** Captions → fields: the client's mapping first, then the BC captions (English/Danish), then the field's own name. */
export function planColumns(entity: ImportEntity, captions: string[], mapping: Record<string, string>): ColumnPlan {
  const fields = IMPORT_FIELDS[entity];
  const known = new Set(fields.map((f) => f.field));
  const explicit = new Map(Object.entries(mapping).map(([c, f]) => [captionKey(c), f]));
  const byIndex = new Map<number, string>();
  const taken = new Set<string>();
  const columns = captions.map((caption, i) => {
    const key = captionKey(caption);
    let field: string | null = null;
    if (key === '') field = null;
    else if (explicit.has(key)) {
      const target = explicit.get(key)!;
      field = known.has(target) ? target : null;
    } else {
      const byCaption = fields.find((f) => f.captions.some((c) => captionKey(c) === key) || captionKey(f.field) === key);
      field = byCaption?.field ?? null;
    }
    // Two columns for one field: the first one counts (BC lists may repeat "No." in a FactBox column)
    if (field !== null && taken.has(field)) field = null;
    if (field !== null) {
      taken.add(field);
      byIndex.set(i, field);
    }
    return { caption, field };
  });
  const missingFields = fields.filter((f) => f.required && !taken.has(f.field)).map((f) => f.field);
  return { columns, missingFields, byIndex };
}

const YES = new Set(['yes', 'ja', 'true', 'sand', '1', 'x', 'all', 'alle', 'invoice', 'faktura', 'posting', 'bogføring']);
const NO = new Set(['', 'no', 'nej', 'false', 'falsk', '0', 'ship', 'levering']);

/** BC's Blocked (a boolean or an option; "Ship" still allows time on the record) → blocked or not; undefined when unknown. */
export function parseBlocked(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  if (YES.has(t)) return true;
  if (NO.has(t)) return false;
  return undefined;
}

function refusal(column: string | null, field: string | null, error: CodedError): TImportRow['errors'][number] {
  return { column, field, error: { code: error.code, params: error.params }, detail: renderError(error) };
}

const show = (v: string | boolean | null | undefined): string | null => (v === null || v === undefined || v === '' ? null : String(v));

export interface Evaluated {
  rows: TImportRow[];
  toCreate: Rec[];
  toUpdate: Array<{ rec: Rec; current: Rec }>;
  toDeactivate: Rec[];
  /** the keys of toDeactivate */
  deactivated: string[];
  counts: TImportReport['counts'];
}

/** Every row of the file against the stored records; nothing is written. */
export async function evaluate(
  table: ParsedTable,
  plan: ColumnPlan,
  handler: EntityHandler,
  options: { deactivateMissing: boolean; onProgress?: ((done: number) => void) | undefined },
): Promise<Evaluated> {
  const captionOf = new Map<string, string>();
  for (const [i, field] of plan.byIndex) captionOf.set(field, plan.columns[i]!.caption);
  const rows: TImportRow[] = [];
  const toCreate: Rec[] = [];
  const toUpdate: Array<{ rec: Rec; current: Rec }> = [];
  const seen = new Map<string, number>();
  const mentioned = new Set<string>();
  const counts = { rows: table.rows.length, created: 0, changed: 0, unchanged: 0, refused: 0, deactivated: 0 };

  let done = 0;
  for (const { row, cells } of table.rows) {
    if (++done % PROGRESS_EVERY === 0) {
      options.onProgress?.(done);
      await nextTurn();
    }
    if (done % COLLECT_EVERY === 0) releaseGarbage();
    const errors: TImportRow['errors'] = [];
    const raw: Record<string, unknown> = {};
    let active: boolean | undefined;
    for (const [i, field] of plan.byIndex) {
      const cell = cells[i] ?? '';
      const caption = plan.columns[i]!.caption;
      if (typeof cell !== 'string') {
        errors.push(refusal(caption, field, coded('IMPORT_FORMULA')));
        continue;
      }
      if (field === 'blocked' || field === 'active') {
        if (cell.trim() === '' && field === 'active') continue;
        const b = parseBlocked(cell);
        if (b === undefined) errors.push(refusal(caption, field, coded('VALUE_NOT_ALLOWED', { value: cell.trim() })));
        else active = field === 'blocked' ? !b : b;
        continue;
      }
      raw[field] = field === 'startingDate' ? normalizeDate(cell) : cell;
    }
    const keyText = handler.keyFields.map((f) => (typeof raw[f] === 'string' ? raw[f].trim() : '')).join(' / ');
    // a refused row still names its record: "deactivate what the file lacks" leaves it alone
    mentioned.add(handler.foldKeys ? keyText.toLowerCase() : keyText);
    if (errors.length === 0) {
      const parsed = handler.schema.safeParse(raw);
      if (!parsed.success) {
        for (const [field, messages] of Object.entries(zodFieldErrors(parsed.error))) {
          for (const m of messages) errors.push(refusal(captionOf.get(field) ?? null, field, readErrorToken(m) ?? coded('INVALID_VALUE')));
        }
      } else {
        const full = parsed.data as Rec;
        // Only the columns of the file change a stored record; absent ones keep what is stored.
        const present: Rec = {};
        for (const field of new Set(plan.byIndex.values())) if (field in full) present[field] = full[field] ?? null;
        for (const k of handler.keyFields) present[k] = full[k] ?? null;
        if (active !== undefined) present.active = active;
        const key = keyOf(handler.keyFields, present);
        const lookup = handler.foldKeys ? key.toLowerCase() : key;
        const first = seen.get(lookup);
        if (first !== undefined) {
          errors.push(refusal(captionOf.get(handler.keyFields.at(-1)!) ?? null, handler.keyFields.at(-1)!, coded('IMPORT_DUPLICATE', { key, row: first })));
        } else {
          seen.set(lookup, row);
          const current = handler.current.get(lookup);
          let rec: Rec = current ? { ...current, ...present } : { ...full, ...present, active: active ?? true };
          if (handler.complete) rec = handler.complete(rec, current);
          const checked = handler.check ? await handler.check(rec, current) : { ok: rec };
          if ('field' in checked) {
            errors.push(refusal(captionOf.get(checked.field) ?? null, checked.field, checked.error));
          } else {
            rec = checked.ok;
            if (!current) {
              counts.created++;
              toCreate.push(rec);
              rows.push({ row, key, status: 'created', changes: [], errors: [] });
            } else {
              const before = handler.compareWith ? handler.compareWith(current, rec) : current;
              const changes = [...handler.diffFields, 'active']
                .filter((f) => f in present || (f === 'active' && active !== undefined))
                .filter((f) => show(before[f]) !== show(rec[f]))
                .map((f) => ({ field: f, old: show(before[f]), new: show(rec[f]) }));
              if (changes.length === 0) {
                counts.unchanged++;
                rows.push({ row, key, status: 'unchanged', changes: [], errors: [] });
              } else {
                counts.changed++;
                toUpdate.push({ rec, current });
                rows.push({ row, key, status: 'changed', changes, errors: [] });
              }
            }
          }
        }
      }
    }
    if (errors.length > 0) {
      counts.refused++;
      rows.push({ row, key: keyText, status: 'refused', changes: [], errors });
    }
  }

  const toDeactivate: Rec[] = [];
  const deactivated: string[] = [];
  if (options.deactivateMissing && !handler.neverDeactivate) {
    for (const [key, rec] of handler.current) {
      if (seen.has(key) || mentioned.has(key) || rec.active !== true) continue;
      toDeactivate.push(rec);
      deactivated.push(key);
    }
    counts.deactivated = toDeactivate.length;
  }
  return { rows, toCreate, toUpdate, toDeactivate, deactivated, counts };
}

/** The rows a report lists: refused, created and changed first, then unchanged, up to the limit; in file order. */
export function reportRows(rows: TImportRow[]): { rows: TImportRow[]; truncated: boolean } {
  if (rows.length <= IMPORT_REPORT_MAX_ROWS) return { rows, truncated: false };
  const rank = (r: TImportRow) => (r.status === 'unchanged' ? 1 : 0);
  const kept = [...rows]
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, IMPORT_REPORT_MAX_ROWS)
    .sort((a, b) => a.row - b.row);
  return { rows: kept, truncated: true };
}

/** Rows between two progress reports (and records per written batch). */
export const PROGRESS_EVERY = 500;

/**
 * Lets the event loop run between two batches (decision 0499): checking rows awaits nothing for
 * most entities, and PGlite's queries run in this thread, so without it a 20 000-row import
 * would hold every other request (and timer) of the process until it ends.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Writes an evaluation (the caller's transaction); `onProgress` gets the records written so far. */
export async function write(handler: EntityHandler, evaluated: Evaluated, onProgress?: (done: number) => void): Promise<void> {
  if (handler.upsertMany) {
    const all = [...evaluated.toCreate, ...evaluated.toUpdate.map((u) => u.rec)];
    for (let i = 0; i < all.length; i += PROGRESS_EVERY) {
      await handler.upsertMany(all.slice(i, i + PROGRESS_EVERY));
      onProgress?.(Math.min(all.length, i + PROGRESS_EVERY));
      if ((i + PROGRESS_EVERY) % COLLECT_EVERY === 0) releaseGarbage();
      await nextTurn();
    }
  } else {
    let done = 0;
    for (const rec of evaluated.toCreate) {
      await handler.create(rec);
      if (++done % PROGRESS_EVERY === 0) {
        onProgress?.(done);
        await nextTurn();
      }
      if (done % COLLECT_EVERY === 0) releaseGarbage();
    }
    for (const { rec, current } of evaluated.toUpdate) {
      await handler.update(rec, current);
      if (++done % PROGRESS_EVERY === 0) {
        onProgress?.(done);
        await nextTurn();
      }
      if (done % COLLECT_EVERY === 0) releaseGarbage();
    }
  }
  if (evaluated.toDeactivate.length > 0) await handler.deactivate(evaluated.toDeactivate);
}
