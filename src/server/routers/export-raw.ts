import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { ERR } from '../../shared/errors';
import { CSV_FILE_NAME } from '../../shared/limits';
import { EXPORT_BODY_MAX_BYTES, ZDownloadInput } from '../../shared/schemas/export';
import { HttpError } from '../http/problem';
import type { RawRoute } from '../http/raw-route';
import { AppError } from '../errors';
import { planExport } from '../services/export';
import { streamExport, type CsvSink } from '../services/export-stream';

/** A receiver that stops reading for this long is treated as gone (the export rolls back). */
const STALL_MS = 30_000;

/** The JSON body; larger than the general 1 MB limit, because a year of entries is a long id list. */
async function readBody(req: IncomingMessage): Promise<unknown> {
  const type = req.headers['content-type'] ?? '';
  if (type !== '' && !type.startsWith('application/json')) throw new HttpError(415, `Unsupported content type ${type.split(';')[0]}`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > EXPORT_BODY_MAX_BYTES) throw new HttpError(413, 'Request body is too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks, size).toString('utf8');
  chunks.length = 0;
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
}

/**
 * The HTTP side of a CSV download. Headers go out with the first bytes, so that anything that fails
 * before (validation, permissions, the marking UPDATE) still answers with a proper problem+json.
 * The response is ended only after the transaction committed: a client that saw the end of the
 * body has a file whose rows are marked; one that did not (closed, stalled, commit failed) gets a
 * broken transfer and nothing is marked.
 */
class HttpCsvSink implements CsvSink {
  private gone: Error | null = null;
  private waiters = new Set<(error: Error | null) => void>();

  constructor(private readonly res: ServerResponse) {
    res.on('close', () => {
      if (!res.writableFinished) this.fail(new Error('client closed the connection'));
    });
    res.on('drain', () => this.wake(null));
  }

  private fail(error: Error): void {
    this.gone ??= error;
    this.wake(this.gone);
  }

  private wake(error: Error | null): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const w of waiters) w(error);
  }

  private waitForDrain(): Promise<void> {
    if (this.gone) return Promise.reject(this.gone);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(done);
        this.fail(new Error('client stopped reading'));
        reject(this.gone!);
      }, STALL_MS);
      const done = (error: Error | null) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      this.waiters.add(done);
    });
  }

  start(header: string): void {
    if (this.gone) return;
    this.res.writeHead(200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${CSV_FILE_NAME}"`,
      'Cache-Control': 'no-store',
    });
    this.res.write(`\uFEFF${header}`);
  }

  write(chunk: Buffer | string): Promise<void> {
    if (this.gone) return Promise.reject(this.gone);
    if (this.res.write(chunk)) return Promise.resolve();
    return this.waitForDrain();
  }

  async beforeCommit(): Promise<void> {
    if (this.res.writableNeedDrain) await this.waitForDrain();
    if (this.gone) throw this.gone;
  }

  end(): void {
    this.res.end();
  }
}

/** POST /api/worksheet/download (spec §7, DESIGN §4): the entries as CSV, optionally marked as exported. */
export const exportRawRoutes: RawRoute[] = [
  {
    method: 'POST',
    path: '/api/worksheet/download',
    summary: 'Download entries as CSV (worsheet.csv), optionally marking them as exported',
    tags: ['worksheet'],
    openapi: {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: z.toJSONSchema(ZDownloadInput, { io: 'input', unrepresentable: 'any' }) } },
      },
      responses: {
        '200': {
          description:
            'UTF-8 CSV with byte-order mark and header row; DAN users get `;` and decimal comma, others `,` and point. With shouldMarkAsExported it holds exactly the rows this call marked.',
          content: { 'text/csv': { schema: { type: 'string' } } },
        },
      },
    },
    async handle({ ctx, req, res }) {
      const actor = ctx.actor;
      if (!actor) throw new AppError('UNAUTHORIZED', ERR.unauthorized);
      const mem = (l: string) => process.env.EXPORT_MEM && console.error(l, JSON.stringify(Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, Math.round(v / 1048576)]))), (/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status','utf8'))?.[1]));
      mem('start');
      const raw = await readBody(req);
      mem('body');
      const input = ZDownloadInput.parse(raw);
      mem('zod');
      const plan = planExport(actor, input);
      const started = performance.now();
      const sink = new HttpCsvSink(res);
      try {
        const { rows } = await streamExport(ctx.dbh, plan, input.entries, sink);
        sink.end();
        mem('end');
        ctx.log.info({ rows, mark: plan.mark, ms: Math.round(performance.now() - started) }, 'csv export');
      } catch (error) {
        if (!res.headersSent && !res.destroyed) throw error;
        ctx.log.warn({ err: error, mark: plan.mark }, 'csv export aborted; rolled back');
        res.destroy();
      }
    },
  },
];
