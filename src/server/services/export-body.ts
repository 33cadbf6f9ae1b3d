/*
 * The JSON body of POST /api/worksheet/download, read without building a JS array of the ids.
 * A year of entries is a long list (1 000 000 ids ≈ 8 MB of JSON); JSON.parse plus a zod array
 * check of it costs about 100 MB of heap, which is what DESIGN's "memory stays flat" rules out. So
 * the top-level object is scanned here: `entries`, when it is a plain list of integers, goes
 * straight into an Int32Array; every other value (and an `entries` that is anything else) is cut
 * out and given to JSON.parse, and then to the same zod schema as always.
 */

const enum C {
  Quote = 0x22,
  Backslash = 0x5c,
  Comma = 0x2c,
  Colon = 0x3a,
  OpenBrace = 0x7b,
  CloseBrace = 0x7d,
  OpenBracket = 0x5b,
  CloseBracket = 0x5d,
  Zero = 0x30,
  Nine = 0x39,
}

const MAX_ID = 2147483647;

export class MalformedJson extends Error {}

export interface DownloadBody {
  /** every member except a fast-path `entries`, as JSON.parse gives it */
  fields: Record<string, unknown>;
  /** `entries` when it is a list of ids 1 … 2147483647 (otherwise it stays in `fields`) */
  ids: Int32Array | null;
}

const isSpace = (b: number | undefined) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

export function parseDownloadBody(buf: Uint8Array): DownloadBody {
  let i = 0;
  const n = buf.length;
  const ws = () => {
    while (i < n && isSpace(buf[i])) i++;
  };
  const fail = (): never => {
    throw new MalformedJson('Malformed JSON body');
  };
  const text = (from: number, to: number) => Buffer.from(buf.buffer, buf.byteOffset + from, to - from).toString('utf8');
  const parseSpan = (from: number, to: number): unknown => {
    try {
      return JSON.parse(text(from, to)) as unknown;
    } catch {
      return fail();
    }
  };
  /** i at an opening quote → i after the closing one. */
  const skipString = () => {
    i++;
    while (i < n) {
      const b = buf[i];
      if (b === C.Backslash) i += 2;
      else if (b === C.Quote) {
        i++;
        return;
      } else i++;
    }
    fail();
  };
  /** Skips any JSON value (validated later by JSON.parse of its span). */
  const skipValue = () => {
    const b = buf[i];
    if (b === C.Quote) return skipString();
    if (b === C.OpenBrace || b === C.OpenBracket) {
      let depth = 0;
      while (i < n) {
        const c = buf[i];
        if (c === C.Quote) {
          skipString();
          continue;
        }
        if (c === C.OpenBrace || c === C.OpenBracket) depth++;
        else if (c === C.CloseBrace || c === C.CloseBracket) {
          depth--;
          if (depth === 0) {
            i++;
            return;
          }
        }
        i++;
      }
      return fail();
    }
    const start = i;
    while (i < n && buf[i] !== C.Comma && buf[i] !== C.CloseBrace && buf[i] !== C.CloseBracket && !isSpace(buf[i])) i++;
    if (i === start) fail();
  };
  /** i at '[' → the ids, or null (i unchanged) when the list holds anything but ids. */
  const fastIds = (): Int32Array | null => {
    const start = i;
    let out = new Int32Array(1024);
    let count = 0;
    i++;
    ws();
    if (buf[i] === C.CloseBracket) {
      i++;
      return out.subarray(0, 0);
    }
    for (;;) {
      const first = buf[i];
      if (first === undefined || first < C.Zero || first > C.Nine || first === C.Zero) break;
      let value = 0;
      while (i < n && buf[i]! >= C.Zero && buf[i]! <= C.Nine) {
        value = value * 10 + (buf[i]! - C.Zero);
        if (value > MAX_ID) break;
        i++;
      }
      if (value > MAX_ID) break;
      if (count === out.length) {
        const bigger = new Int32Array(out.length * 2);
        bigger.set(out);
        out = bigger;
      }
      out[count++] = value;
      ws();
      if (buf[i] === C.Comma) {
        i++;
        ws();
        continue;
      }
      if (buf[i] === C.CloseBracket) {
        i++;
        return out.slice(0, count);
      }
      break;
    }
    i = start;
    return null;
  };

  const fields: Record<string, unknown> = {};
  let ids: Int32Array | null = null;
  ws();
  if (i === n) return { fields, ids };
  if (buf[i] !== C.OpenBrace) fail();
  i++;
  ws();
  if (buf[i] === C.CloseBrace) i++;
  else {
    for (;;) {
      ws();
      if (buf[i] !== C.Quote) fail();
      const keyStart = i;
      skipString();
      const key = parseSpan(keyStart, i) as string;
      ws();
      if (buf[i] !== C.Colon) fail();
      i++;
      ws();
      const fast = key === 'entries' && buf[i] === C.OpenBracket ? fastIds() : null;
      if (fast) {
        ids = fast;
        delete fields[key];
      } else {
        const valueStart = i;
        skipValue();
        // An own property even for "__proto__", as JSON.parse makes it.
        Object.defineProperty(fields, key, { value: parseSpan(valueStart, i), enumerable: true, writable: true, configurable: true });
        if (key === 'entries') ids = null;
      }
      ws();
      if (buf[i] === C.Comma) {
        i++;
        continue;
      }
      if (buf[i] === C.CloseBrace) {
        i++;
        break;
      }
      fail();
    }
  }
  ws();
  if (i !== n) fail();
  return { fields, ids };
}
