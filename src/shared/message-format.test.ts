import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../server/http/locales';
import { checkMessage, formatMessage, pluralCategory, type RawMessage } from './message-format';
import * as m from './paraglide/messages.js';

const messagesDir = resolve(import.meta.dirname, '../../messages');
type Compiled = (inputs: Record<string, unknown>, options: { locale: 'en' | 'da' }) => string;

/** Every input a message reads, with a sample value. */
function inputsOf(raw: RawMessage, value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const n of JSON.stringify(raw).match(/\{(\w+)\}|input (\w+)/g) ?? []) out[n.replace(/^\{|\}$|^input /g, '')] = value;
  return out;
}

describe('the client message interpreter', () => {
  for (const locale of ['en', 'da'] as const) {
    it(`formats every ${locale} message as paraglide's compiled function does`, () => {
      const catalogue = loadCatalogue(messagesDir, locale);
      expect(Object.keys(catalogue).length).toBeGreaterThan(100);
      const compiled = m as unknown as Record<string, Compiled>;
      for (const [key, raw] of Object.entries(catalogue)) {
        const fn = compiled[key];
        expect(fn, key).toBeTypeOf('function');
        checkMessage(raw);
        for (const value of ['x', 0, 1, 2, 21, '1', 'Ærø']) {
          const inputs = inputsOf(raw, value);
          expect(formatMessage(raw, inputs, locale), `${key} (${String(value)})`).toBe(fn!(inputs, { locale }));
        }
      }
    });
  }

  it('chooses the plural form of the locale', () => {
    const raw = loadCatalogue(messagesDir, 'en').ws_att_show!;
    expect(formatMessage(raw, { count: 1 }, 'en')).toBe('Show 1 attachment');
    expect(formatMessage(raw, { count: '3' }, 'en')).toBe('Show 3 attachments');
    const da = loadCatalogue(messagesDir, 'da').ws_att_show!;
    expect(formatMessage(da, { count: 1 }, 'da')).toBe('Vis 1 vedhæftet fil');
    expect(formatMessage(da, { count: 2 }, 'da')).toBe('Vis 2 vedhæftede filer');
  });

  it('reads escapes and refuses what it cannot format', () => {
    expect(formatMessage('a \\{b\\} \\\\ {c}', { c: 1 }, 'en')).toBe('a {b} \\ 1');
    expect(() => checkMessage('{#b}bold{/b}')).toThrow(/Unsupported placeholder/);
    expect(() => checkMessage([{ declarations: ['input n', 'local x = n: number'], match: { 'x=*': '{x}' } }])).toThrow(/Unsupported declaration/);
    expect(() => checkMessage([{ declarations: ['input n'], match: { 'n=1': 'one' } }])).toThrow(/catch-all/);
  });
});

describe('pluralCategory without Intl for whole numbers (issue 43 §1)', () => {
  it('answers what Intl.PluralRules answers in en and da', () => {
    for (const locale of ['en', 'da', 'en-GB', 'da-DK']) {
      const rules = new Intl.PluralRules(locale);
      for (const n of [0, 1, 2, 5, 11, 21, 100, 101, 1000, 1001, -1, -2, 0.5, 1.5, 2.25])
        expect(`${locale} ${n} ${pluralCategory(n, locale)}`).toBe(`${locale} ${n} ${rules.select(n)}`);
    }
  });
});
