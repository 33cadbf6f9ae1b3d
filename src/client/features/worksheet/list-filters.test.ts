import { describe, expect, it } from 'vitest';
import { filterInput, parseListFilters, weekRange } from './list-filters';

describe('parseListFilters (the home URL, issue 23 §1)', () => {
  it('keeps well-formed filters and maps them to the list procedure’s names', () => {
    const f = parseListFilters({ person: 'basic', customer: 'C1000', job: 'J-1001', from: '2026-11-16', to: '2026-11-22', status: 'notApproved', mode: 'TEAM' });
    expect(f).toEqual({ person: 'basic', customer: 'C1000', job: 'J-1001', from: '2026-11-16', to: '2026-11-22', status: 'notApproved' });
    expect(filterInput(f)).toEqual({ username: 'basic', customerNo: 'C1000', jobCode: 'J-1001', from: '2026-11-16', to: '2026-11-22', status: 'notApproved' });
  });

  it('drops what cannot be right in shape: bad or out-of-range dates, unknown status, overlong or control-character codes', () => {
    expect(parseListFilters({ from: '2026-02-30', to: '3000-01-01', status: 'open', person: 'x'.repeat(21), job: 'J\u00001' })).toEqual({});
    expect(parseListFilters({ status: 'all' })).toEqual({});
    // A "to" before "from" is left out rather than sent for a 400.
    expect(parseListFilters({ from: '2026-11-22', to: '2026-11-16' })).toEqual({ from: '2026-11-22' });
  });

  it('issue 40 §2: submission=submitted|notSubmitted is kept and sent; anything else dropped', () => {
    expect(filterInput(parseListFilters({ submission: 'submitted' }))).toEqual({ submission: 'submitted' });
    expect(filterInput(parseListFilters({ submission: 'notSubmitted' }))).toEqual({ submission: 'notSubmitted' });
    expect(parseListFilters({ submission: 'maybe' })).toEqual({});
  });

  it('weekRange gives Monday–Sunday of this and last week', () => {
    expect(weekRange(0, new Date(2026, 10, 26))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekRange(-1, new Date(2026, 10, 23))).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });
});
