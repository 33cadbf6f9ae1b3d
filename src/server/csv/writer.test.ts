import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS } from '../../../db/queries/export';
import { csvDialect } from './header';
import { BOM, csvField, csvFormat, csvLine } from './writer';

const parseRows = (text: string, delimiter: string) => parse(text, { delimiter, bom: true }) as string[][];

describe('CSV writer', () => {
  it('quotes fields with the delimiter, quotes, CR or LF — and only those (like COPY)', () => {
    expect(csvField('plain text', ',')).toBe('plain text');
    expect(csvField('a,b', ',')).toBe('"a,b"');
    expect(csvField('a,b', ';')).toBe('a,b');
    expect(csvField('a;b', ';')).toBe('"a;b"');
    expect(csvField('say "hi"', ',')).toBe('"say ""hi"""');
    expect(csvField('two\nlines', ',')).toBe('"two\nlines"');
    expect(csvField('cr\r', ';')).toBe('"cr\r"');
    expect(csvField('\\.', ',')).toBe('"\\."');
    expect(csvField(null, ',')).toBe('');
    expect(csvField('', ',')).toBe('');
    expect(csvLine(['a', null, 'b c', '1,5'], ',')).toBe('a,,b c,"1,5"\n');
  });

  it('danish gets `;` and decimal comma, international `,` and point; the default follows the language', () => {
    expect(csvFormat('danish')).toEqual({ delimiter: ';', decimal: ',' });
    expect(csvFormat('international')).toEqual({ delimiter: ',', decimal: '.' });
    expect(csvDialect('DAN').csv).toEqual({ delimiter: ';', decimal: ',' });
    expect(csvDialect('ENU').csv).toEqual({ delimiter: ',', decimal: '.' });
    expect(csvDialect('DEU').csv).toEqual({ delimiter: ',', decimal: '.' });
    // The flavour is the user's choice, independent of the language; the captions follow the language.
    expect(csvDialect('ENU', 'danish').header.startsWith('Entry ID;Date;User;')).toBe(true);
    expect(csvDialect('DAN', 'international').header.startsWith('Post-id,Dato,Bruger,')).toBe(true);
  });

  it('has a translated header for every column', () => {
    const en = parseRows(csvDialect('ENU').header, ',')[0]!;
    const da = parseRows(csvDialect('DAN').header, ';')[0]!;
    expect(en).toHaveLength(EXPORT_COLUMNS.length);
    expect(da).toHaveLength(EXPORT_COLUMNS.length);
    expect(en.slice(0, 4)).toEqual(['Entry ID', 'Date', 'User', 'Customer No.']);
    expect(da.slice(0, 4)).toEqual(['Post-id', 'Dato', 'Bruger', 'Kundenr.']);
    expect(csvDialect('DAN').sql).toEqual({ decimalComma: true, unitTypeLabels: { Item: 'Vare', Resource: 'Ressource' } });
  });

  // Any text, including quotes, separators, CR/LF, BOMs and astral characters.
  const cell = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: fc.constantFrom('"', ',', ';', '\n', '\r', '=', '+', '-', '@', '\t', ' ', 'a', '\uFEFF', '\\', '.'), maxLength: 12 }),
  );

  it('property: every written cell parses back to the same text', () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 8 }), { minLength: 1, maxLength: 10 }), fc.constantFrom(',', ';'), (rows, delimiter) => {
        const width = rows[0]!.length;
        const table = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
        const text = BOM + table.map((r) => csvLine(r, delimiter)).join('');
        expect(parseRows(text, delimiter)).toEqual(table);
      }),
      { numRuns: 500 },
    );
  });
});
