import Busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES, JSON_BODY_MAX_BYTES, MULTIPART_MAX_FIELD_BYTES, MULTIPART_MAX_FIELDS } from '../../shared/limits';
import type { UploadedFile } from '../context';
import { coded } from '../../shared/error-codes';
import { AppError } from '../errors';
import { HTTP_ERR } from './problem';

/** A declared Content-Length over `max` is refused before a byte of the body is read. */
export function refuseDeclaredLength(req: IncomingMessage, max: number): void {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > max) throw new AppError('PAYLOAD_TOO_LARGE', coded('BODY_TOO_LARGE'));
}

export async function readJsonBody(req: IncomingMessage, max = JSON_BODY_MAX_BYTES): Promise<unknown> {
  refuseDeclaredLength(req, max);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) throw new AppError('PAYLOAD_TOO_LARGE', coded('BODY_TOO_LARGE'));
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('BAD_REQUEST', coded('MALFORMED_JSON'));
  }
}

export interface MultipartBody {
  fields: Record<string, string | string[]>;
  files: UploadedFile[];
}

const MB = (n: number) => Math.round(n / 1024 / 1024);

/** `name[]` → `name`; a part without a usable name is a malformed body, not a crash. */
function partName(raw: string | undefined): string {
  const name = typeof raw === 'string' && raw.endsWith('[]') ? raw.slice(0, -2) : raw;
  if (!name) throw new AppError('BAD_REQUEST', coded('PART_WITHOUT_NAME'));
  return name;
}

/** The whole multipart body may hold the files plus the fields, and not more. */
export const MULTIPART_MAX_BYTES = ATTACHMENT_MAX_FILES * (ATTACHMENT_MAX_BYTES + 64 * 1024) + MULTIPART_MAX_FIELDS * MULTIPART_MAX_FIELD_BYTES;

/**
 * Reads a multipart/form-data body with busboy within the limits of DESIGN §4. Files are held in
 * memory (at most 10 × 15 MB) so that they can be stored in the record's transaction; a truncated
 * file rejects the whole request. Every fault of the body (no boundary, no part name, cut off,
 * over a limit) rejects with a 400/413 AppError; nothing in here may throw out of an event handler.
 */
export function readMultipart(req: IncomingMessage): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    let bb: Busboy.Busboy;
    try {
      refuseDeclaredLength(req, MULTIPART_MAX_BYTES);
    } catch (e) {
      reject(e as Error);
      return;
    }
    try {
      bb = Busboy({
        headers: req.headers,
        // file names as UTF-8 ("Tilbud æøå.png"), not busboy's default latin1
        defParamCharset: 'utf8',
        // busboy reports `limit` when a file *reaches* fileSize; "at most 15 MB" includes 15 MB itself
        limits: {
          fileSize: ATTACHMENT_MAX_BYTES + 1,
          files: ATTACHMENT_MAX_FILES,
          fields: MULTIPART_MAX_FIELDS,
          fieldSize: MULTIPART_MAX_FIELD_BYTES,
          parts: ATTACHMENT_MAX_FILES + MULTIPART_MAX_FIELDS,
        },
      });
    } catch {
      reject(new AppError('BAD_REQUEST', HTTP_ERR.malformedMultipart));
      return;
    }
    const fields: Record<string, string | string[]> = {};
    const files: UploadedFile[] = [];
    let failed: AppError | null = null;
    const fail = (e: AppError) => {
      if (failed) return;
      failed = e;
      req.unpipe(bb);
      req.resume();
      reject(e);
    };
    const guard = (fn: () => void) => {
      try {
        fn();
      } catch (e) {
        fail(e instanceof AppError ? e : new AppError('BAD_REQUEST', HTTP_ERR.malformedMultipart));
      }
    };
    bb.on('field', (rawName: string | undefined, value, info) =>
      guard(() => {
        if (failed) return;
        const name = partName(rawName);
        if (info.valueTruncated || info.nameTruncated) return fail(new AppError('PAYLOAD_TOO_LARGE', coded('FIELD_TOO_LARGE', { name })));
        const prev = fields[name];
        fields[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
      }),
    );
    bb.on('file', (rawName: string | undefined, stream, info) =>
      guard(() => {
        // a file stream must always be drained and have an error listener, or busboy stalls / throws
        stream.on('error', () => fail(new AppError('BAD_REQUEST', HTTP_ERR.malformedMultipart)));
        if (failed) return void stream.resume();
        let name: string;
        try {
          name = partName(rawName);
        } catch (e) {
          stream.resume();
          throw e;
        }
        const tooLarge = () => fail(new AppError('PAYLOAD_TOO_LARGE', coded('UPLOAD_TOO_LARGE', { name: info.filename ?? name, max: MB(ATTACHMENT_MAX_BYTES) })));
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (c: Buffer) => {
          if (failed) return;
          size += c.length;
          if (size > ATTACHMENT_MAX_BYTES) return tooLarge();
          chunks.push(c);
        });
        stream.on('limit', tooLarge);
        stream.on('end', () => {
          if (failed || (stream as unknown as { truncated?: boolean }).truncated) return;
          const data = Buffer.concat(chunks, size);
          if (data.length === 0 && !info.filename) return; // an empty file input
          files.push({ fieldName: name, fileName: info.filename || 'file', mimeType: info.mimeType, data });
        });
      }),
    );
    bb.on('filesLimit', () => fail(new AppError('PAYLOAD_TOO_LARGE', coded('TOO_MANY_FILES', { max: ATTACHMENT_MAX_FILES }))));
    bb.on('fieldsLimit', () => fail(new AppError('PAYLOAD_TOO_LARGE', coded('TOO_MANY_FIELDS'))));
    bb.on('partsLimit', () => fail(new AppError('PAYLOAD_TOO_LARGE', coded('TOO_MANY_PARTS'))));
    bb.on('error', () => fail(new AppError('BAD_REQUEST', HTTP_ERR.malformedMultipart)));
    bb.on('close', () => {
      if (!failed) resolve({ fields, files });
    });
    req.on('aborted', () => fail(new AppError('BAD_REQUEST', coded('REQUEST_ABORTED'))));
    req.pipe(bb);
  });
}
