import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { XlsxOffThread } from './off-thread';
import type { XlsxColumn } from './writer';

const columns: XlsxColumn[] = [
  { header: 'Code', kind: 'text', width: 10 },
  { header: 'Qty', kind: 'number', width: 8 },
  { header: 'Date', kind: 'date', width: 12 },
  { header: 'Note', kind: 'text', width: 30 },
];

/** PostgreSQL's COPY … (FORMAT csv) text of one row: NULL unquoted and empty, text quoted when it must be. */
function copyLine(cells: Array<string | null>): string {
  return `${cells.map((c) => (c === null ? '' : c === '' || /[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')}\n`;
}

async function workbookOf(rows: Array<Array<string | null>>, pieceRows: number, slowReceiver = false): Promise<{ bytes: Buffer; rows: number }> {
  const chunks: Buffer[] = [];
  const job = new XlsxOffThread({ columns, sheetName: 'Ark', created: Date.UTC(2026, 10, 27) }, async (chunk) => {
    chunks.push(Buffer.from(chunk));
    if (slowReceiver) await new Promise((r) => setTimeout(r, 1));
  });
  try {
    for (let i = 0; i < rows.length; i += pieceRows)
      await job.write(
        Buffer.from(
          rows
            .slice(i, i + pieceRows)
            .map(copyLine)
            .join(''),
          'utf8',
        ),
      );
    const count = await job.end();
    return { bytes: Buffer.concat(chunks), rows: count };
  } finally {
    job.close();
  }
}

describe('the workbook written on a worker thread from COPY text (decision 0295)', () => {
  const rows: Array<Array<string | null>> = Array.from({ length: 3000 }, (_, i) => [
    String(i).padStart(4, '0'),
    i % 7 === 0 ? null : `${i}.25`,
    '2026-11-27',
    i % 5 === 0 ? 'line one\nline "two", with a comma' : i % 11 === 0 ? '' : `plain ${i} æøå`,
  ]);

  it('holds every row with typed cells, whatever the pieces the text comes in, and with a slow receiver', async () => {
    const a = await workbookOf(rows, 1000);
    const b = await workbookOf(rows, 7, true);
    expect(a.rows).toBe(3000);
    expect(b.rows).toBe(3000);
    // One job, one fixed timestamp: the same rows give the same bytes (a batch again, decision 0201).
    expect(b.bytes.equals(a.bytes)).toBe(true);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(a.bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Ark');
    expect(ws.rowCount).toBe(3001);
    expect(ws.getRow(1).values).toEqual([undefined, 'Code', 'Qty', 'Date', 'Note']);
    expect(ws.getRow(2).values).toEqual([undefined, '0000', undefined, new Date(Date.UTC(2026, 10, 27)), 'line one\nline "two", with a comma']);
    expect(ws.getRow(3).values).toEqual([undefined, '0001', 1.25, new Date(Date.UTC(2026, 10, 27)), 'plain 1 æøå']);
    expect(ws.getRow(13).getCell(4).value).toBeNull();
    expect(ws.getRow(3001).getCell(1).value).toBe('2999');
  });

  it('writes a header-only workbook when no row comes', async () => {
    const { bytes, rows: count } = await workbookOf([], 1);
    expect(count).toBe(0);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(1);
  });

  it('fails (and ends the worker) when the receiver fails, instead of waiting for ever', async () => {
    const job = new XlsxOffThread({ columns, sheetName: 'Ark', created: 0 }, () => Promise.reject(new Error('receiver gone')));
    try {
      const text = Buffer.from(rows.map(copyLine).join(''), 'utf8');
      await expect(
        (async () => {
          for (let i = 0; i < 20; i++) await job.write(text);
          await job.end();
        })(),
      ).rejects.toThrow('receiver gone');
    } finally {
      job.close();
    }
  });
});
