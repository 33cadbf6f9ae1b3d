/**
 * Rows of PostgreSQL's `COPY … TO STDOUT (FORMAT csv, DELIMITER ',')` text, for the workbook written
 * off the event loop (decision 0295): an unquoted empty field is NULL, a quoted one (`""`) the empty
 * string; a quote inside a quoted field is doubled; a quoted field may hold the delimiter and line
 * ends. Rows end with `\n` (`\r\n` from a Windows server is read too). Text may arrive cut anywhere:
 * what follows the last whole row waits for the next piece.
 */
export class CopyCsvReader {
  private rest = '';

  constructor(private readonly onRow: (cells: Array<string | null>) => void) {}

  push(text: string): void {
    const s = this.rest + text;
    this.rest = s.slice(this.read(s, false));
  }

  /** The end of the text: a last row without its line end is a row too. */
  end(): void {
    if (this.rest === '') return;
    const s = this.rest;
    this.rest = '';
    const at = this.read(`${s}\n`, true);
    if (at < s.length) throw new Error('COPY text ended inside a quoted field');
  }

  /** Reads the whole rows of `s`; answers where the first incomplete one starts. */
  private read(s: string, last: boolean): number {
    const n = s.length;
    let i = 0;
    rows: while (i < n) {
      const start = i;
      const cells: Array<string | null> = [];
      for (;;) {
        if (s.charCodeAt(i) === 34) {
          let value = '';
          let from = i + 1;
          for (;;) {
            const quote = s.indexOf('"', from);
            // The field goes on in the next piece (or its closing quote is the last character,
            // and a doubled quote may follow there).
            if (quote < 0 || (quote === n - 1 && !last)) return start;
            value += s.slice(from, quote);
            if (s.charCodeAt(quote + 1) === 34) {
              value += '"';
              from = quote + 2;
              continue;
            }
            i = quote + 1;
            break;
          }
          cells.push(value);
        } else {
          let k = i;
          while (k < n) {
            const c = s.charCodeAt(k);
            if (c === 44 || c === 10) break;
            k++;
          }
          if (k >= n) return start;
          let end = k;
          if (s.charCodeAt(k) === 10 && end > i && s.charCodeAt(end - 1) === 13) end--;
          cells.push(end === i ? null : s.slice(i, end));
          i = k;
        }
        if (i >= n) return start;
        const c = s.charCodeAt(i);
        i++;
        if (c === 44) continue;
        if (c === 13) {
          if (i >= n) return start;
          if (s.charCodeAt(i) === 10) i++;
          else throw new Error('COPY text: a line end is cut');
        } else if (c !== 10) throw new Error('COPY text: a field is followed by neither a delimiter nor a line end');
        this.onRow(cells);
        continue rows;
      }
    }
    return n;
  }
}
