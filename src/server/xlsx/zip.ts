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
import { crc32, createDeflateRaw, deflateRawSync, type DeflateRaw } from 'node:zlib';

/** Level 1: XML deflates well even so; the default (6) costs far more CPU per byte. */
const LEVEL = 1;
const MAX_32 = 0xffffffff;
/** bit 3 (sizes in a data descriptor) | bit 11 (names in UTF-8) */
const FLAGS_STREAMED = 0x0808;
const FLAGS_PLAIN = 0x0800;

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
    return new StreamedPart(entry, this.out, (n) => (this.offset += n));
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

/** One part being deflated into `out` as it is written, with backpressure both ways. */
export class StreamedPart {
  readonly deflate: DeflateRaw;
  private readonly done: Promise<void>;

  constructor(
    private readonly entry: Entry,
    private readonly out: Writable,
    advance: (n: number) => void,
  ) {
    this.deflate = createDeflateRaw({ level: LEVEL, chunkSize: 64 * 1024 });
    this.deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      advance(chunk.length);
      if (!out.write(chunk)) {
        this.deflate.pause();
        out.once('drain', () => this.deflate.resume());
      }
    });
    this.done = once(this.deflate, 'end').then(() => {
      const d = Buffer.alloc(16);
      d.writeUInt32LE(0x08074b50, 0);
      d.writeUInt32LE(entry.crc, 4);
      d.writeUInt32LE(entry.compressed, 8);
      d.writeUInt32LE(entry.size > MAX_32 ? 0 : entry.size, 12);
      advance(d.length);
      out.write(d);
    });
    // `done` is awaited in end(); a failure before that surfaces there.
    this.done.catch(() => undefined);
  }

  /** Writes text; false when the deflate's input is over its limit (wait with `room()`). */
  write(text: string): boolean {
    const data = Buffer.from(text, 'utf8');
    this.entry.crc = crc32(data, this.entry.crc);
    this.entry.size += data.length;
    return this.deflate.write(data);
  }

  /** Bytes waiting in front of the deflate. */
  backlog(): number {
    return this.deflate.writableLength;
  }

  /** Resolves once both the deflate and `out` have room for more. */
  async room(signal: AbortSignal): Promise<void> {
    for (;;) {
      signal.throwIfAborted();
      if (this.deflate.writableNeedDrain) await once(this.deflate, 'drain', { signal });
      else if (this.out.writableNeedDrain) await once(this.out, 'drain', { signal });
      else return;
    }
  }

  async end(): Promise<void> {
    this.deflate.end();
    await this.done;
  }
}
