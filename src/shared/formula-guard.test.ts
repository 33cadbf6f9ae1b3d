import { describe, expect, it } from 'vitest';
import { neutralise } from './formula-guard';

describe('neutralise (the reports’ CSV; the export applies the same characters in SQL)', () => {
  it('turns text that a spreadsheet would run into a formula yielding the text', () => {
    for (const t of ['=SUM(1;2)', '+45 12', '-2', '@cmd', '\tx', '\rx']) expect(neutralise(t)).toBe(`="${t}"`);
    expect(neutralise('=A1&"x"')).toBe('="=A1&""x"""');
  });
  it('leaves other text as it is', () => {
    for (const t of ['00123', 'J-1001', 'Ærø', '', ' =x']) expect(neutralise(t)).toBe(t);
  });
});
