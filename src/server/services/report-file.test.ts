import { describe, expect, it } from 'vitest';
import type { TReport } from '../../shared/schemas/report';
import { reportCsv } from './report-file';

/** Issue 37 §6: a header cell built from data (a unit of measure's description) is formula-guarded like the cells. */
describe('report CSV header', () => {
  it('guards a unit of measure description that starts like a formula', () => {
    const line = { keys: [], labels: [], entries: 1, quantities: [{ code: 'HOUR', quantity: 2 }] };
    const report = {
      groups: [],
      measures: ['quantity'],
      from: '2026-11-01',
      to: '2026-11-30',
      mode: 'ALL',
      units: [{ code: 'HOUR', label: '=1 unit' }],
      rows: [],
      subtotals: [],
      total: line,
    } as unknown as TReport;
    const header = reportCsv(report, 'ENU', 'international')
      .replace(/^\uFEFF/, '')
      .split('\n')[0]!;
    expect(header).not.toMatch(/(^|,)=1 unit/);
    expect(header).toContain('"=""=1 unit (HOUR)"""');
  });
});
