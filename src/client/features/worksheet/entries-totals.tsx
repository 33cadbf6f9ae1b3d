/* The worksheet's sums: per unit of measure, per day, and the total card (split from worksheet-entries.tsx, issue 39 §1). */
import { m } from '../../../shared/paraglide/messages.js';
import type { TWorksheetGroup, TWorksheetRecord } from '../../../shared/schemas/worksheet';
import type { TListTotals } from '../../../shared/paging';
import { sumByUnitOfMeasure } from '../../../shared/unit-sums';
import { formatDateRange, formatNumber } from '../../lib/format';
import { todayIso } from './ws-data';
import { quantityText, unitWord } from './unit-words';

/** "8,00 Hour · 3,00 Box": quantity sums per unit of measure of these records. */
export function SumsText({ records }: { records: readonly TWorksheetRecord[] }) {
  return <UnitSums sums={sumByUnitOfMeasure(records)} />;
}

/** "Today's total" / "Dagens total" only on today; any other day's total is plain "Total" under its date (issue 22 §6). */
export function dayTotalLabel(day: string): string {
  return day === todayIso() ? m.ws_day_total() : m.ws_total();
}

/** "1–30 Nov" / "1.–30. nov.": the period of the loaded days, oldest first. */
export function periodText(from: string, to: string): string {
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return formatDateRange(from, to, sameYear ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' });
}

/**
 * The total card: quantity sums per unit of measure with their labels (spec §2). With a paged list
 * these are the server's totals of the whole selection, not only of the loaded pages.
 */
export function WorksheetTotal({ groups, totals }: { groups: TWorksheetGroup[]; totals?: TListTotals | null }) {
  const all = groups.flatMap((g) => g.worksheet);
  const count = totals?.entries ?? all.length;
  if (count === 0) return null;
  const newest = groups[0]?.key;
  const oldest = groups.at(-1)?.key;
  const label = newest && oldest ? m.ws_total_period({ period: periodText(oldest, newest) }) : m.ws_total();
  return (
    <section className="card ws-total" aria-label={label}>
      <span className="ws-total__label">{label}</span>
      <span className="ws-total__value">{totals ? <UnitSums sums={totals.units} /> : <SumsText records={all} />}</span>
      <span className="ws-total__count">{m.ws_entries_count({ count: formatNumber(count) })}</span>
    </section>
  );
}

/** Sums per unit of measure, as the server's totals or as summed here. */
export function UnitSums({ sums }: { sums: TListTotals['units'] }) {
  if (sums.length === 0) return <>–</>;
  return (
    <>
      {sums.map((s, i) => (
        <span key={s.code} className="ws-sum">
          {i > 0 && ' · '}
          <span className="ws-num">{quantityText(s.total)}</span> {unitWord(s.total, s.code, s.label)}
        </span>
      ))}
    </>
  );
}
