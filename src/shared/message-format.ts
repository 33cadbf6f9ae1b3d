/**
 * A small interpreter of the inlang message format (messages/<area>/<locale>.json), for the
 * client: English patterns travel in the bundle as data and the Danish catalogue is fetched from
 * /locales/da.json (decision 0171). It covers what our messages use and what paraglide-js 2
 * compiles the same way: `{name}` placeholders, `\{ \} \\` escapes, and variants selected by
 * `input` and `local x = y: plural` declarations. message-format.test.ts checks every message of
 * both locales against paraglide's compiled functions; the client build refuses a message this
 * interpreter does not support (scripts/client-messages.ts).
 */

export interface MessageVariants {
  declarations?: string[];
  selectors?: string[];
  match: Record<string, string>;
}

/** A message as stored in the JSON files: a pattern, or (wrapped in an array) variants. */
export type RawMessage = string | MessageVariants[];

export type MessageInputs = Record<string, unknown> | undefined;

const PLURAL_DECLARATION = /^local\s+(\w+)\s*=\s*(\w+)\s*:\s*plural(?:\s+type\s*=\s*(ordinal|cardinal))?$/;
const INPUT_DECLARATION = /^input\s+(\w+)$/;

/**
 * One Intl.PluralRules per locale and type: constructing one costs far more than `select` (the
 * home list formats a plural message per day; at 4× CPU slowdown the constructions were 10–25 %
 * of its render, issue 25 §4).
 */
const pluralRules = new Map<string, Intl.PluralRules>();
function pluralRulesFor(locale: string, type: Intl.PluralRuleType | undefined): Intl.PluralRules {
  const key = `${locale}|${type ?? ''}`;
  let rules = pluralRules.get(key);
  if (!rules) pluralRules.set(key, (rules = new Intl.PluralRules(locale, type ? { type } : undefined)));
  return rules;
}

/**
 * A whole number's cardinal category in English or Danish is "one" for 1 and "other" otherwise
 * (CLDR: en `i = 1 and v = 0`, da `n = 1 or t != 0 and i = 0,1`). Answered without Intl: a phone's
 * first Intl object loads ICU data (40–75 ms at 4× CPU slowdown, issue 43 §1). Everything else asks
 * Intl.PluralRules; message-format.test.ts compares the two.
 */
export function pluralCategory(n: number, locale: string, type?: Intl.PluralRuleType): Intl.LDMLPluralRule {
  if (type !== 'ordinal' && Number.isInteger(n) && /^(en|da)(-|$)/i.test(locale)) return Math.abs(n) === 1 ? 'one' : 'other';
  return pluralRulesFor(locale, type).select(n);
}

/** Fills a pattern's `{name}` placeholders; `\` escapes the next character. */
export function interpolate(pattern: string, vars: Record<string, unknown>): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) {
      out += pattern[++i];
    } else if (c === '{') {
      const end = pattern.indexOf('}', i);
      if (end < 0) throw new Error(`Unclosed placeholder in "${pattern}"`);
      const name = pattern.slice(i + 1, end).trim();
      if (!/^\w+$/.test(name)) throw new Error(`Unsupported placeholder {${name}} in "${pattern}"`);
      // The same text as paraglide's `${i?.name}`.
      out += `${vars[name] as string}`;
      i = end;
    } else {
      out += c;
    }
  }
  return out;
}

function variantMatches(key: string, vars: Record<string, unknown>): boolean {
  return key.split(',').every((condition) => {
    const eq = condition.indexOf('=');
    if (eq < 0) throw new Error(`Unsupported match "${key}"`);
    const name = condition.slice(0, eq).trim();
    const value = condition.slice(eq + 1).trim();
    return value === '*' || String(vars[name]) === value;
  });
}

/** The text of a message for the inputs, in the locale (which plural rules apply). */
export function formatMessage(raw: RawMessage, inputs: MessageInputs, locale: string): string {
  const vars: Record<string, unknown> = { ...inputs };
  if (typeof raw === 'string') return interpolate(raw, vars);
  const message = raw[0];
  if (!message || raw.length !== 1) throw new Error('A complex message must be one object in an array');
  for (const declaration of message.declarations ?? []) {
    if (INPUT_DECLARATION.test(declaration)) continue;
    const plural = PLURAL_DECLARATION.exec(declaration);
    if (!plural) throw new Error(`Unsupported declaration "${declaration}"`);
    const [, local = '', input = '', type] = plural;
    vars[local] = pluralCategory(Number(vars[input]), locale, type as Intl.PluralRuleType | undefined);
  }
  for (const [key, pattern] of Object.entries(message.match)) {
    if (variantMatches(key, vars)) return interpolate(pattern, vars);
  }
  throw new Error('No variant matches and none catches all');
}

/** Throws if the interpreter cannot format the message (used by the build and the tests). */
export function checkMessage(raw: RawMessage): void {
  const sample: Record<string, unknown> = {};
  const names = JSON.stringify(raw).match(/\{(\w+)\}|input (\w+)/g) ?? [];
  for (const n of names) sample[n.replace(/^\{|\}$|^input /g, '')] = 1;
  if (typeof raw !== 'string') {
    for (const d of raw[0]?.declarations ?? []) {
      if (!INPUT_DECLARATION.test(d) && !PLURAL_DECLARATION.test(d)) throw new Error(`Unsupported declaration "${d}"`);
    }
    if (!Object.keys(raw[0]?.match ?? {}).some((k) => k.split(',').every((c) => c.trim().endsWith('=*')))) {
      throw new Error('A message with variants needs a catch-all variant (…=*)');
    }
  }
  formatMessage(raw, sample, 'en');
}
