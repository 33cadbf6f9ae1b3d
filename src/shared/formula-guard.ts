/**
 * The CSV formula guard, written once (decision 0100, issue 20 §3): a cell whose text starts with
 * = + - @ tab or CR is written as a formula that yields the text itself, `="…"` with `"` doubled,
 * so spreadsheets show the text without running it. The export's SQL is generated from these
 * character codes (db/queries/export.ts `guarded`); the reports, whose CSV is written in Node from
 * aggregate rows, use `neutralise`.
 */
export const FORMULA_LEAD_CODES = [9, 13, 43, 45, 61, 64] as const;

export function neutralise(text: string): string {
  return (FORMULA_LEAD_CODES as readonly number[]).includes(text.charCodeAt(0)) ? `="${text.replaceAll('"', '""')}"` : text;
}
