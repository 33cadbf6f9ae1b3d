/**
 * The workbook of an export written on a thread of its own (decision 0295): PostgreSQL's COPY text
 * comes in, the zip's bytes go out. The thread runs at a lower priority than the event loop, so on
 * a busy machine the requests of everyone else are served first and the download takes the rest.
 * Backpressure both ways: the input is acknowledged after it went into the deflate (`consumed`),
 * and at most OUT_CREDIT bytes of output wait for the main thread's `ack`.
 */
import { setPriority } from 'node:os';
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { CopyCsvReader } from './copy-csv';
import { OUT_CREDIT, type FromWorker, type ToWorker, type XlsxJob } from './off-thread';
import { XlsxWriter } from './writer';

const port = parentPort!;
const job = workerData as XlsxJob;
const post = (message: FromWorker) => port.postMessage(message);

try {
  // On Linux a thread has its own nice value: only this thread yields to the others.
  setPriority(10);
} catch {
  // Not permitted or not supported: the export runs at the usual priority.
}

let unacked = 0;
let waiting: (() => void) | null = null;
const out = new Writable({
  highWaterMark: 64 * 1024,
  write(chunk: Buffer, _encoding, callback) {
    post({ type: 'out', chunk });
    unacked += chunk.length;
    if (unacked < OUT_CREDIT) callback();
    else waiting = callback;
  },
});
// Deflated on this thread too: zlib's pool runs at the event loop's priority.
const writer = new XlsxWriter(out, job.columns, job.sheetName, new Date(job.created), true);
let rows = 0;
const reader = new CopyCsvReader((cells) => {
  writer.addRow(cells);
  rows++;
});
const decoder = new TextDecoder();
const never = new AbortController().signal;

const queue: ToWorker[] = [];
let running = false;
async function drain(): Promise<void> {
  running = true;
  try {
    while (queue.length > 0) {
      const message = queue.shift()!;
      if (message.type === 'data') {
        reader.push(decoder.decode(message.chunk, { stream: true }));
        await writer.settle(never);
        post({ type: 'consumed', bytes: message.chunk.byteLength });
      } else if (message.type === 'end') {
        reader.push(decoder.decode());
        reader.end();
        await writer.finish();
        post({ type: 'done', rows });
      }
    }
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
  running = false;
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'ack') {
    unacked -= message.bytes;
    if (waiting && unacked < OUT_CREDIT) {
      const callback = waiting;
      waiting = null;
      callback();
    }
    return;
  }
  queue.push(message);
  if (!running) void drain();
});
