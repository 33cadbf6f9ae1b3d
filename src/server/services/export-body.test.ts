import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MalformedJson, parseDownloadBody } from './export-body';

const parse = (text: string) => parseDownloadBody(Buffer.from(text, 'utf8'));
/** What JSON.parse makes of the body, in the scanner's terms. */
const asJson = (text: string) => {
  const r = parse(text);
  return r.ids ? { ...r.fields, entries: [...r.ids] } : r.fields;
};

describe('download body scanner', () => {
  it('reads the ids into an Int32Array and the rest with JSON.parse', () => {
    const r = parse('{"entries":[1, 22 ,333],"mode":"TEAM","shouldMarkAsExported":true,"exported":false,"x":{"a":[1,"]"]}}');
    expect([...r.ids!]).toEqual([1, 22, 333]);
    expect(r.ids).toBeInstanceOf(Int32Array);
    expect(r.fields).toEqual({ mode: 'TEAM', shouldMarkAsExported: true, exported: false, x: { a: [1, ']'] } });
    expect([...parse(' { "entries" : [ ] } ').ids!]).toEqual([]);
    expect(parse('')).toEqual({ fields: {}, ids: null });
    expect(parse('{}')).toEqual({ fields: {}, ids: null });
  });

  it('leaves anything but plain ids to JSON.parse and zod', () => {
    for (const entries of ['[0]', '[-1]', '[1.5]', '[1e3]', '["1"]', '[null]', '[2147483648]', '"all"', '{}', '[1,[2]]']) {
      const r = parse(`{"entries":${entries}}`);
      expect(r.ids).toBeNull();
      expect(r.fields.entries).toEqual(JSON.parse(entries));
    }
    expect([...parse('{"entries":[2147483647]}').ids!]).toEqual([2147483647]);
    // The last duplicate key wins, as with JSON.parse.
    expect(asJson('{"entries":[1],"entries":"x"}')).toEqual({ entries: 'x' });
    expect(asJson('{"entries":"x","entries":[2]}')).toEqual({ entries: [2] });
  });

  it('refuses malformed JSON', () => {
    for (const bad of ['{', '[1]', '{"entries":[1,]}', '{"entries":[01]}', '{"a":1,}', '{"a" 1}', '{"a":tru}', '{"a":"x}', '{} x', '{"a":1}}', 'null']) {
      expect(() => parse(bad), bad).toThrow(MalformedJson);
    }
  });

  it('property: agrees with JSON.parse on any object', () => {
    const ids = fc.array(fc.integer({ min: 1, max: 2147483647 }), { maxLength: 50 });
    const member = fc.oneof(fc.tuple(fc.constant('entries'), fc.oneof(ids, fc.jsonValue())), fc.tuple(fc.string(), fc.jsonValue()));
    fc.assert(
      fc.property(fc.array(member, { maxLength: 6 }), fc.constantFrom('', ' ', '\n\t '), (members, space) => {
        const obj: Record<string, unknown> = {};
        const parts = members.map(([k, v]) => {
          obj[k] = v;
          return `${space}${JSON.stringify(k)}${space}:${space}${JSON.stringify(v, null, space ? 1 : 0)}`;
        });
        const body = `{${parts.join(`${space},`)}${space}}`;
        expect(asJson(body)).toEqual(JSON.parse(body));
      }),
      { numRuns: 500 },
    );
  });
});
