import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellValue, XlsxWriter } from './writer';

describe('xlsx writer', () => {
  it('turns database text into cell values: Excel serial days and day fractions, numbers, text as is', () => {
    expect(cellValue('date', '1900-03-01')).toBe(61);
    expect(cellValue('date', '2026-11-20')).toBe(46346);
    expect(cellValue('time', '12:30')).toBe(0.5208333333333334);
    expect(cellValue('datetime', '2026-11-20 06:00:00')).toBe(46346.25);
    expect(cellValue('number', '1234.25')).toBe(1234.25);
    expect(cellValue('integer', '17')).toBe(17);
    for (const text of ['010', '1E5', '=1+2', ' æøå ']) expect(cellValue('text', text)).toBe(text);
    expect(cellValue('text', null)).toBeUndefined();
    expect(cellValue('number', '')).toBeUndefined();
  });

  it('writes a workbook that exceljs reads back, with settle() returning while nobody is slow', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const writer = new XlsxWriter(
      out,
      [
        { header: 'Code', kind: 'text', width: 10 },
        { header: 'Qty', kind: 'number', width: 8 },
      ],
      'Sheet',
    );
    for (let i = 0; i < 2000; i++) writer.addRow([String(i).padStart(4, '0'), `${i}.50`]);
    await writer.settle(new AbortController().signal);
    await writer.finish();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(2001);
    expect(ws.getRow(2).values).toEqual([undefined, '0000', 0.5]);
    expect(ws.getRow(2001).values).toEqual([undefined, '1999', 1999.5]);
    expect(ws.autoFilter).toBe('A1:B2001');
  });

  it('keeps the XML waiting in front of the zip bounded when the receiver is slow', async () => {
    // A slow receiver: every chunk is acknowledged a timer tick later.
    const { Writable } = await import('node:stream');
    const out = new Writable({ highWaterMark: 16 * 1024, write: (_c, _e, cb) => setTimeout(cb, 1) });
    const columns = Array.from({ length: 10 }, (_, i) => ({ header: `C${i}`, kind: 'text' as const, width: 10 }));
    const writer = new XlsxWriter(out, columns, 'Sheet');
    const row = Array.from({ length: 10 }, (_, i) => `some text of column ${i} that is long enough`);
    let worst = 0;
    for (let batch = 0; batch < 20; batch++) {
      for (let i = 0; i < 500; i++) writer.addRow(row);
      await writer.settle(new AbortController().signal);
      worst = Math.max(worst, writer.backlog());
    }
    await writer.finish();
    // Each batch is ~300 KB of XML; without the wait the backlog grew by that every batch (6 MB).
    expect(worst).toBeLessThan(512 * 1024);
  });
});
