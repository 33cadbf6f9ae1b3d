import { QUANTITY_DECIMALS } from './limits';

/** A quantity rounded to the decimals a quantity has (spec §4). */
export const round2 = (n: number) => Math.round(n * 10 ** QUANTITY_DECIMALS) / 10 ** QUANTITY_DECIMALS;

/*
 * Apart from the other rules (worksheet-rules.ts re-exports it): the day list needs only this, and
 * a phone's home page then fetches none of the form's rules (issue 25 §4).
 */
/** Quantity sums per unit of measure, in order of first appearance (spec §2 footer and total card). */
export function sumByUnitOfMeasure(
  records: ReadonlyArray<{ quantity: number; unitOfMeasureCode: string; unitOfMeasureDescription?: string | null }>,
): Array<{ code: string; label: string; total: number }> {
  const sums = new Map<string, { code: string; label: string; total: number }>();
  for (const r of records) {
    const s = sums.get(r.unitOfMeasureCode);
    if (s) s.total = round2(s.total + r.quantity);
    else sums.set(r.unitOfMeasureCode, { code: r.unitOfMeasureCode, label: r.unitOfMeasureDescription || r.unitOfMeasureCode, total: round2(r.quantity) });
  }
  return [...sums.values()];
}
