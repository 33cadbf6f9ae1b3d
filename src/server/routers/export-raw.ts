import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { strictSchema } from '../strict-input';
import { EXPORT_BODY_MAX_BYTES, EXPORT_ERR, EXPORT_MAX_ENTRIES, XLSX_CONTENT_TYPE, ZDownloadInput, ZExportBatchIdInput, type TDownloadOptions } from '../../shared/schemas/export';
import { rawRoute, type RawRoute } from '../http/raw-route';
import { coded } from '../../shared/error-codes';
import { AppError, fieldError } from '../errors';
import { who } from '../log';
import { MalformedJson, parseDownloadBody } from '../services/export-body';
import { planBatchDownload, planDownload } from '../services/export';
import type { DownloadSink, FileHead } from '../services/export-sink';
import { runExport, type ExportSource } from '../services/export-stream';
import type { ExportPlan } from '../services/export';
import type { Context, Actor } from '../context';

/** A receiver that stops reading for this long is treated as gone (the export rolls back). */
const STALL_MS = 30_000;

/** The raw JSON body; larger than the general 1 MB limit, because a year of entries is a long id list. */
async function readBody(req: IncomingMessage): Promise<Uint8Array> {
  const type = req.headers['content-type'] ?? '';
  if (type !== '' && !type.startsWith('application/json')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', coded('UNSUPPORTED_CONTENT_TYPE', { type: type.split(';')[0] ?? '' }));
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > EXPORT_BODY_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', coded('BODY_TOO_LARGE'));
  // With a Content-Length the body goes straight into one buffer (no second copy by concat).
  const known = Number.isSafeInteger(declared) && declared >= 0;
  const chunks: Buffer[] = [];
  const whole = known ? Buffer.allocUnsafe(declared) : null;
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    if (size + chunk.length > (whole ? declared : EXPORT_BODY_MAX_BYTES))
      throw whole ? new AppError('BAD_REQUEST', coded('BODY_TOO_SHORT')) : new AppError('PAYLOAD_TOO_LARGE', coded('BODY_TOO_LARGE'));
    if (whole) chunk.copy(whole, size);
    else chunks.push(chunk);
    size += chunk.length;
  }
  return whole ? whole.subarray(0, size) : Buffer.concat(chunks, size);
}

/** The download options refuse unknown keys like every input (decision 0300). */
const STRICT_DOWNLOAD = strictSchema(ZDownloadInput);

/** Validates the body with the shared schema; the ids of the fast path skip zod's per-element work. */
function readInput(raw: Uint8Array): TDownloadOptions & { ids: ArrayLike<number> | null } {
  let body;
  try {
    body = parseDownloadBody(raw);
  } catch (error) {
    if (error instanceof MalformedJson) throw new AppError('BAD_REQUEST', coded('MALFORMED_JSON'));
    throw error;
  }
  const input = STRICT_DOWNLOAD.parse(body.ids ? { ...body.fields, entries: [] } : body.fields);
  if (!body.ids) return { ...input, ids: input.entries ?? null };
  if (body.ids.length > EXPORT_MAX_ENTRIES) throw fieldError('entries', EXPORT_ERR.tooManyEntries);
  return { ...input, ids: body.ids };
}

/**
 * The HTTP side of a CSV download. Headers go out with the first bytes, so that anything that fails
 * before (validation, permissions, the marking UPDATE) still answers with a proper problem+json.
 * The response is ended only after the transaction committed: a client that saw the end of the
 * body has a file whose rows are marked; one that did not (closed, stalled, commit failed) gets a
 * broken transfer and nothing is marked.
 */
class HttpCsvSink implements DownloadSink {
  private gone: Error | null = null;
  private waiters = new Set<(error: Error | null) => void>();
  private readonly aborter = new AbortController();
  readonly signal = this.aborter.signal;

  constructor(private readonly res: ServerResponse) {
    res.on('close', () => {
      if (!res.writableFinished) this.fail(new Error('client closed the connection'));
    });
    res.on('drain', () => this.wake(null));
  }

  private fail(error: Error): void {
    this.gone ??= error;
    this.aborter.abort(this.gone);
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

  start(head: FileHead, first?: string): void {
    if (this.gone) return;
    this.res.writeHead(200, {
      'Content-Type': head.contentType,
      'Content-Disposition': `attachment; filename="${head.fileName}"`,
      'Cache-Control': 'no-store',
      ...(head.batchId === undefined ? {} : { 'X-Export-Batch-Id': String(head.batchId) }),
    });
    if (first !== undefined) this.res.write(first);
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

/** Streams one export into the response (the one path of services/export-stream.ts) and logs it. */
async function sendExport(ctx: Context & { actor: Actor }, res: ServerResponse, plan: ExportPlan, source: ExportSource): Promise<void> {
  const actor = ctx.actor;
  const started = performance.now();
  const sink = new HttpCsvSink(res);
  try {
    const { rows, batch } = await runExport(ctx.dbh, plan, source, sink);
    sink.end();
    ctx.log.info({ ...who(actor), rows, mark: plan.mark, format: plan.fileType, batch: batch?.id, ms: Math.round(performance.now() - started) }, 'export');
  } catch (error) {
    if (!res.headersSent && !res.destroyed) throw error;
    ctx.log.warn({ ...who(actor), err: error, mark: plan.mark, format: plan.fileType }, 'export aborted; rolled back');
    res.destroy();
  }
}

const FILE_CONTENT = { 'text/csv': { schema: { type: 'string' } }, [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } } };

/** POST /api/worksheet/download (spec §7, DESIGN §4): the entries as CSV, optionally marked as exported. */
export const exportRawRoutes: RawRoute[] = [
  rawRoute({
    method: 'POST',
    auth: 'authed',
    // the options come in the body (read below, with its own larger limit); no path or query input
    input: z.object({}),
    path: '/api/worksheet/download',
    summary:
      'Download entries as CSV (worsheet.csv, default), Excel workbook (worsheet.xlsx, format=xlsx) or the BC job journal profile (format=bc), optionally marking them as exported',
    tags: ['worksheet'],
    openapi: {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: z.toJSONSchema(STRICT_DOWNLOAD, { io: 'input', unrepresentable: 'any' }) } },
      },
      responses: {
        '200': {
          description:
            'UTF-8 CSV with byte-order mark and header row (default): csvFormat danish gives `;` and decimal comma, international `,` and point (default: the user’s remembered choice, else DAN → danish). With format=xlsx an Excel workbook (worsheet.xlsx). With format=bc the Business Central job journal profile (fixed English columns, no BOM). With shouldMarkAsExported the file holds exactly the rows this call marked, it is an export batch (named in the X-Export-Batch-Id header), and a marking that matches nothing answers 409 EXPORT_NOTHING.',
          content: FILE_CONTENT,
          headers: { 'X-Export-Batch-Id': { $ref: '#/components/headers/XExportBatchId' } },
        },
      },
    },
    async handle({ ctx, req, res }) {
      const input = readInput(await readBody(req));
      const plan = await planDownload(ctx.db, ctx.actor, input);
      await sendExport(ctx, res, plan, { kind: 'request', ids: input.ids });
    },
  }),
  rawRoute({
    method: 'GET',
    auth: 'authed',
    input: ZExportBatchIdInput,
    path: '/api/export/batch/{id}/download',
    summary: 'Download an export batch again: the same rows in the same order, file type, CSV flavour and language as the first time (byte-identical)',
    tags: ['export'],
    openapi: {
      responses: {
        '200': {
          description:
            'The batch’s file as it was first sent (its SHA-256 is the batch’s checksum); X-Export-Batch-Id names the batch. 404 for a batch of another account, or one the caller may not see.',
          content: FILE_CONTENT,
          headers: { 'X-Export-Batch-Id': { $ref: '#/components/headers/XExportBatchId' } },
        },
      },
    },
    async handle({ ctx, res, input }) {
      const { plan, batch } = await planBatchDownload(ctx.db, ctx.actor, input.id);
      await sendExport(ctx, res, plan, { kind: 'batch', batch });
    },
  }),
];
