import { describe, expect, it } from 'vitest';
import { CopyCsvReader } from './copy-csv';

function rowsOf(pieces: string[]): Array<Array<string | null>> {
  const rows: Array<Array<string | null>> = [];
  const reader = new CopyCsvReader((cells) => rows.push(cells));
  for (const p of pieces) reader.push(p);
  reader.end();
  return rows;
}

describe('CopyCsvReader (COPY … FORMAT csv)', () => {
  const text = '1,,"",plain,"a,b","say ""hi""","two\nlines"\n2,x,,,"",,\n';
  const expected = [
    ['1', null, '', 'plain', 'a,b', 'say "hi"', 'two\nlines'],
    ['2', 'x', null, null, '', null, null],
  ];

  it('reads NULL as an unquoted empty field, "" as the empty string, quotes and line ends inside quotes', () => {
    expect(rowsOf([text])).toEqual(expected);
  });

  it('reads the same rows whatever the pieces the text comes in', () => {
    for (let cut = 1; cut < text.length; cut++) expect(rowsOf([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toEqual(expected);
    expect(rowsOf(text.split(''))).toEqual(expected);
  });

  it('reads CRLF line ends and a last row without its line end', () => {
    expect(rowsOf(['a,b\r\nc,"d"\r\n', 'e,'])).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', null],
    ]);
    expect(rowsOf(['a,"b"\r', '\nc,d\r', '\n'])).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('refuses text that ends inside a quoted field', () => {
    expect(() => rowsOf(['a,"open'])).toThrow(/quoted field/);
  });
});
