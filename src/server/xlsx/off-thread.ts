/**
 * The main thread's side of the workbook written on a worker thread (xlsx-worker.ts, decision
 * 0295). `write` hands COPY text over and resolves while less than IN_CREDIT bytes wait in the
 * worker; the workbook's bytes are passed to `output` in order, one at a time, each acknowledged
 * to the worker once `output` resolved (the receiver has room). Output is held until `open()`:
 * nothing goes out before the database produced a row (a marking that finds nothing answers 409).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { XlsxColumn } from './writer';

export interface XlsxJob {
  columns: XlsxColumn[];
  sheetName: string;
  /** the workbook's timestamp, ms since the epoch */
  created: number;
}

export type ToWorker = { type: 'data'; chunk: Uint8Array } | { type: 'end' } | { type: 'ack'; bytes: number };
export type FromWorker = { type: 'out'; chunk: Uint8Array } | { type: 'consumed'; bytes: number } | { type: 'done'; rows: number } | { type: 'error'; message: string };

/** Output bytes the worker may have sent before the main thread acknowledged them. */
export const OUT_CREDIT = 1024 * 1024;
/** Input bytes the worker may hold before `write` waits. */
const IN_CREDIT = 1024 * 1024;

/**
 * The worker's script: the compiled one beside the server's bundle (dist/server/xlsx-worker.js,
 * scripts/build.js), or the TypeScript source loaded through tsx when the server runs from source
 * (tests, `npm run dev`).
 */
function spawnWorker(job: XlsxJob): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const source = new URL('./xlsx-worker.ts', here).href;
    return new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(here)}))`, { eval: true, workerData: job });
  }
  // In the bundle this module sits in dist/server/chunks/ (or dist/server/ itself).
  const built = [new URL('../xlsx-worker.js', here), new URL('./xlsx-worker.js', here)].find((u) => existsSync(fileURLToPath(u)));
  if (!built) throw new Error('xlsx-worker.js is missing from the build');
  return new Worker(built, { workerData: job });
}

export class XlsxOffThread {
  private readonly worker: Worker;
  private inFlight = 0;
  private roomWaiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  private failure: Error | null = null;
  private held: Uint8Array[] | null = [];
  private chain: Promise<void> = Promise.resolve();
  private finished: { resolve: (rows: number) => void; reject: (error: Error) => void } | null = null;
  private doneRows: number | null = null;

  constructor(
    job: XlsxJob,
    private readonly output: (chunk: Buffer) => Promise<void>,
  ) {
    this.worker = spawnWorker(job);
    this.worker.on('message', (message: FromWorker) => this.receive(message));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => {
      if (this.doneRows === null) this.fail(new Error(`the xlsx worker ended (${code}) before the workbook was done`));
    });
  }

  /** The first row is here (or the rows are known): the workbook's bytes may go out. */
  open(): void {
    const held = this.held;
    if (!held) return;
    this.held = null;
    for (const chunk of held) this.pass(chunk);
  }

  /** Hands COPY text to the worker; resolves when it has room for more. */
  write(chunk: Buffer): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    this.open();
    this.worker.postMessage({ type: 'data', chunk } satisfies ToWorker);
    this.inFlight += chunk.length;
    if (this.inFlight < IN_CREDIT) return Promise.resolve();
    return new Promise((resolve, reject) => this.roomWaiters.push({ resolve, reject }));
  }

  /** No more text: resolves with the rows once every byte of the workbook went to `output`. */
  end(): Promise<number> {
    if (this.failure) return Promise.reject(this.failure);
    this.open();
    this.worker.postMessage({ type: 'end' } satisfies ToWorker);
    return new Promise((resolve, reject) => {
      this.finished = { resolve, reject };
    });
  }

  /** Ends the worker (done, failed or abandoned). */
  close(): void {
    void this.worker.terminate();
  }

  private receive(message: FromWorker): void {
    switch (message.type) {
      case 'out':
        if (this.held) this.held.push(message.chunk);
        else this.pass(message.chunk);
        return;
      case 'consumed':
        this.inFlight -= message.bytes;
        if (this.inFlight < IN_CREDIT) for (const waiter of this.roomWaiters.splice(0)) waiter.resolve();
        return;
      case 'done':
        this.doneRows = message.rows;
        // After every chunk before it went out.
        this.chain.then(
          () => this.finished?.resolve(message.rows),
          (error: Error) => this.finished?.reject(error),
        );
        return;
      case 'error':
        this.fail(new Error(`xlsx worker: ${message.message}`));
    }
  }

  /** One chunk to `output` after those before it; acknowledged to the worker when it went. */
  private pass(chunk: Uint8Array): void {
    const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.chain = this.chain.then(async () => {
      if (this.failure) throw this.failure;
      await this.output(buffer);
      this.worker.postMessage({ type: 'ack', bytes: buffer.length } satisfies ToWorker);
    });
    this.chain.catch((error: Error) => this.fail(error));
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const waiter of this.roomWaiters.splice(0)) waiter.reject(error);
    this.finished?.reject(error);
    this.close();
  }
}
