/*
 * A minimal streaming zip writer for the workbook (issue 25, decision 0233): small parts are
 * deflated in one go, the sheet is deflated as it is written (zlib on the thread pool, not the
 * event loop) with its CRC-32 kept on the way (zlib.crc32) and its sizes in a data descriptor.
 * No zip64: a part and the whole file stay below 4 GiB (a 1 000 000-row sheet is ~1.2 GB of XML),
 * and finish() throws rather than write a broken file should that ever change.
 *
 * Every entry carries one fixed time (the workbook's `created`, in UTC), so the same rows give
 * the same bytes (decision 0201).
 */
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { constants, crc32, createDeflateRaw, deflateRawSync, type DeflateRaw } from 'node:zlib';

/** Level 1: XML deflates well even so; the default (6) costs far more CPU per byte. */
const LEVEL = 1;
const MAX_32 = 0xffffffff;
/** bit 3 (sizes in a data descriptor) | bit 11 (names in UTF-8) */
const FLAGS_STREAMED = 0x0808;
const FLAGS_PLAIN = 0x0800;
/** Bytes of text per block deflated on the calling thread. */
const BLOCK = 128 * 1024;

interface Entry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
  flags: number;
}

function dosTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

export class ZipWriter {
  private readonly entries: Entry[] = [];
  private offset = 0;
  private readonly dos: { time: number; date: number };

  constructor(
    private readonly out: Writable,
    date: Date,
    /** Deflate the streamed part on the calling thread (see StreamedPart). */
    private readonly deflateHere = false,
  ) {
    this.dos = dosTime(date);
  }

  private push(chunk: Buffer): void {
    this.offset += chunk.length;
    this.out.write(chunk);
  }

  private localHeader(entry: Entry): Buffer {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(entry.flags, 6);
    h.writeUInt16LE(8, 8);
    h.writeUInt16LE(this.dos.time, 10);
    h.writeUInt16LE(this.dos.date, 12);
    h.writeUInt32LE(entry.crc, 14);
    h.writeUInt32LE(entry.compressed, 18);
    h.writeUInt32LE(entry.size, 22);
    h.writeUInt16LE(entry.name.length, 26);
    h.writeUInt16LE(0, 28);
    return Buffer.concat([h, entry.name]);
  }

  /** A whole part at once (the small XML parts). */
  add(name: string, text: string): void {
    const data = Buffer.from(text, 'utf8');
    const compressed = deflateRawSync(data, { level: LEVEL });
    const entry: Entry = { name: Buffer.from(name, 'utf8'), crc: crc32(data), compressed: compressed.length, size: data.length, offset: this.offset, flags: FLAGS_PLAIN };
    this.entries.push(entry);
    this.push(this.localHeader(entry));
    this.push(compressed);
  }

  /** A part written piece by piece; only one at a time, and nothing else until its end() resolved. */
  stream(name: string): StreamedPart {
    const entry: Entry = { name: Buffer.from(name, 'utf8'), crc: 0, compressed: 0, size: 0, offset: this.offset, flags: FLAGS_STREAMED };
    this.entries.push(entry);
    this.push(this.localHeader(entry));
    return new StreamedPart(entry, this.out, (n) => (this.offset += n), this.deflateHere);
  }

  /** The central directory; everything after it is the caller's `out.end()`. */
  finish(): void {
    const start = this.offset;
    for (const e of this.entries) {
      if (e.size > MAX_32 || e.compressed > MAX_32 || e.offset > MAX_32) throw new Error('the workbook needs zip64, which this writer does not write');
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4);
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(e.flags, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt16LE(this.dos.time, 12);
      h.writeUInt16LE(this.dos.date, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      // extra, comment, disk, internal attributes: 0; external attributes: a plain file
      h.writeUInt32LE(0, 38);
      h.writeUInt32LE(e.offset, 42);
      this.push(Buffer.concat([h, e.name]));
    }
    const size = this.offset - start;
    if (start > MAX_32) throw new Error('the workbook needs zip64, which this writer does not write');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(start, 16);
    this.push(end);
  }
}

/**
 * One part being deflated into `out` as it is written, with backpressure both ways.
 *
 * On zlib's thread pool by default: the event loop only hands text over. `here` (a worker thread
 * that runs at a lower priority, decision 0295): the text is deflated on the calling thread in
 * blocks of BLOCK bytes, each by itself and ended with a sync flush, so the blocks follow one
 * another as one deflate stream (no block refers back into another); the last one is final. The
 * pool's threads run at the event loop's priority; this way the whole workbook yields to other
 * requests. Blocks of a fixed size: the same text gives the same bytes however it was written.
 */
export class StreamedPart {
  private readonly deflate: DeflateRaw | null;
  private readonly done: Promise<void>;
  /** `here`: text not yet deflated (less than a block) */
  private waiting: Buffer[] = [];
  private waitingBytes = 0;

  constructor(
    private readonly entry: Entry,
    private readonly out: Writable,
    private readonly advance: (n: number) => void,
    here = false,
  ) {
    if (here) {
      this.deflate = null;
      this.done = Promise.resolve();
      return;
    }
    const deflate = createDeflateRaw({ level: LEVEL, chunkSize: 64 * 1024 });
    this.deflate = deflate;
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      advance(chunk.length);
      if (!out.write(chunk)) {
        deflate.pause();
        out.once('drain', () => deflate.resume());
      }
    });
    this.done = once(deflate, 'end').then(() => this.descriptor());
    // `done` is awaited in end(); a failure before that surfaces there.
    this.done.catch(() => undefined);
  }

  private emit(chunk: Buffer): void {
    this.entry.compressed += chunk.length;
    this.advance(chunk.length);
    this.out.write(chunk);
  }

  private descriptor(): void {
    const d = Buffer.alloc(16);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(this.entry.crc, 4);
    d.writeUInt32LE(this.entry.compressed, 8);
    d.writeUInt32LE(this.entry.size > MAX_32 ? 0 : this.entry.size, 12);
    this.advance(d.length);
    this.out.write(d);
  }

  /** Writes text; false when the deflate's input is over its limit (wait with `room()`). */
  write(text: string): boolean {
    const data = Buffer.from(text, 'utf8');
    this.entry.crc = crc32(data, this.entry.crc);
    this.entry.size += data.length;
    if (this.deflate) return this.deflate.write(data);
    this.waiting.push(data);
    this.waitingBytes += data.length;
    if (this.waitingBytes >= BLOCK) {
      let all = Buffer.concat(this.waiting, this.waitingBytes);
      while (all.length >= BLOCK) {
        this.emit(deflateRawSync(all.subarray(0, BLOCK), { level: LEVEL, finishFlush: constants.Z_SYNC_FLUSH }));
        all = all.subarray(BLOCK);
      }
      this.waiting = [all];
      this.waitingBytes = all.length;
    }
    return !this.out.writableNeedDrain;
  }

  /** Bytes waiting in front of the deflate. */
  backlog(): number {
    return this.deflate?.writableLength ?? this.waitingBytes;
  }

  /** Resolves once both the deflate and `out` have room for more. */
  async room(signal: AbortSignal): Promise<void> {
    for (;;) {
      signal.throwIfAborted();
      if (this.deflate?.writableNeedDrain) await once(this.deflate, 'drain', { signal });
      else if (this.out.writableNeedDrain) await once(this.out, 'drain', { signal });
      else return;
    }
  }

  async end(): Promise<void> {
    if (!this.deflate) {
      // The last block, final (empty when the text ended on a block's end).
      this.emit(deflateRawSync(Buffer.concat(this.waiting, this.waitingBytes), { level: LEVEL }));
      this.waiting = [];
      this.waitingBytes = 0;
      this.descriptor();
      return;
    }
    this.deflate.end();
    await this.done;
  }
}
