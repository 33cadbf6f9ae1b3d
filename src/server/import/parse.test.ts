import { describe, expect, it } from 'vitest';
import { detectDelimiter, normalizeDate, normalizeDecimal, parseUpload } from './parse';
import { parseBlocked, planColumns } from './engine';

describe('import parsing (issue 42)', () => {
  it('detects `;` or `,` outside quotes in the first line', () => {
    expect(detectDelimiter('Nr.;Navn\n1,5;x')).toBe(';');
    expect(detectDelimiter('No.,Name\n1;2,3')).toBe(',');
    expect(detectDelimiter('"A;B",C\n')).toBe(',');
    expect(detectDelimiter('Single\n')).toBe(';');
  });

  it('reads Danish and English decimals and BC dates', () => {
    expect(normalizeDecimal('1.234,5')).toBe('1234.5');
    expect(normalizeDecimal('1,234.5')).toBe('1234.5');
    expect(normalizeDecimal('7,5')).toBe('7.5');
    expect(normalizeDecimal('12')).toBe('12');
    expect(normalizeDate('28-11-2026')).toBe('2026-11-28');
    expect(normalizeDate('1.2.2026')).toBe('2026-02-01');
    expect(normalizeDate('2026-11-28T00:00:00.000Z')).toBe('2026-11-28');
    expect(normalizeDate('soon')).toBe('soon');
  });

  it('CSV: BOM or not, empty lines skipped, row numbers of the file', async () => {
    const t = await parseUpload(Buffer.from('\uFEFFNr.;Navn\r\n\r\nK1;"Hansen; Søn"\r\n;\r\nK2;Jensen\r\n'));
    expect(t.captions).toEqual(['Nr.', 'Navn']);
    expect(t.rows).toEqual([
      { row: 3, cells: ['K1', 'Hansen; Søn'] },
      { row: 5, cells: ['K2', 'Jensen'] },
    ]);
    const latin1 = await parseUpload(Buffer.from([0x4e, 0x72, 0x2e, 0x3b, 0x4e, 0x61, 0x76, 0x6e, 0x0a, 0x31, 0x3b, 0xc6, 0x62, 0x6c, 0x65]));
    expect(latin1.rows[0]?.cells).toEqual(['1', 'Æble']);
  });

  it('refuses binary files as not importable', async () => {
    await expect(parseUpload(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01]))).rejects.toMatchObject({ status: 415 });
  });

  it('maps BC captions in both languages, an explicit mapping first, and names the missing required fields', () => {
    const plan = planColumns('job', ['Nr.', 'Beskrivelse', 'Faktureres til kundenr.', 'Ukendt'], {});
    expect(plan.columns.map((c) => c.field)).toEqual(['code', 'description', 'billToCustomerNo', null]);
    expect(plan.missingFields).toEqual([]);
    const mapped = planColumns('customer', ['Kunde-ID', 'Navn', 'Password'], { 'kunde-id': 'no', Password: 'password' });
    expect(mapped.columns.map((c) => c.field)).toEqual(['no', 'name', null]);
    expect(planColumns('customer', ['Navn'], {}).missingFields).toEqual(['no']);
  });

  it('reads BC Blocked values', () => {
    expect([' ', 'No', 'Nej', 'Ship', 'Levering'].map(parseBlocked)).toEqual([false, false, false, false, false]);
    expect(['Yes', 'Ja', 'All', 'Alle', 'Invoice', 'Posting', 'TRUE'].map(parseBlocked)).toEqual([true, true, true, true, true, true, true]);
    expect(parseBlocked('maybe')).toBeUndefined();
  });
});
