import { m } from '../../../shared/paraglide/messages.js';
import { formatNumber } from '../../lib/format';

/*
 * Issue 23 §5 (decision 0221): a quantity with its unit of measure, pluralised by the message
 * catalogue's plural forms in both languages ("1,00 time", "48,50 timer"; "1.00 hour", "48.50
 * hours") for the standard unit codes. A code the catalogue does not know keeps its description
 * from the master data as it is ("48,50 Sæk 25 kg"): an administrator's own word, not ours to inflect.
 */
type UnitWord = (inputs: { n: number; amount: string }) => string;

const WORDS: Record<string, UnitWord> = {
  HOUR: m.ws_uom_hour,
  HOURS: m.ws_uom_hour,
  TIME: m.ws_uom_hour,
  DAY: m.ws_uom_day,
  KM: m.ws_uom_km,
  M: m.ws_uom_m,
  BOX: m.ws_uom_box,
  PCS: m.ws_uom_pcs,
  STK: m.ws_uom_pcs,
  BAG: m.ws_uom_bag,
};

/** "8,00" / "8.00": a quantity as the lists show it (locale decimals, always two). */
export const quantityText = (n: number) => formatNumber(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "48,50 timer": the quantity and its unit, pluralised where the catalogue knows the unit. */
export function unitTotalText(total: number, code: string, label: string | null): string {
  const amount = quantityText(total);
  const word = WORDS[code.toUpperCase()];
  return word ? word({ n: total, amount }) : `${amount} ${label ?? code}`;
}

/** Only the unit word for this quantity ("timer"), for layouts that set the number apart. */
export function unitWord(total: number, code: string, label: string | null): string {
  const amount = quantityText(total);
  const text = unitTotalText(total, code, label);
  return text.startsWith(amount) ? text.slice(amount.length).trim() : (label ?? code);
}
