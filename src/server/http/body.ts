import Busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  JSON_BODY_MAX_BYTES,
  MULTIPART_MAX_FIELD_BYTES,
  MULTIPART_MAX_FIELDS,
} from '../../shared/limits';
import type { UploadedFile } from '../context';
import { HttpError } from './problem';

export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > JSON_BODY_MAX_BYTES) throw new HttpError(413, 'Request body is too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
}

export interface MultipartBody {
  fields: Record<string, string | string[]>;
  files: UploadedFile[];
}

const MB = (n: number) => Math.round(n / 1024 / 1024);

/**
 * Reads a multipart/form-data body with busboy within the limits of DESIGN §4. Files are held in
 * memory (at most 10 × 15 MB) so that they can be stored in the record's transaction; a truncated
 * file rejects the whole request.
 */
export function readMultipart(req: IncomingMessage): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    let bb: Busboy.Busboy;
    try {
      bb = Busboy({
        headers: req.headers,
        limits: { fileSize: ATTACHMENT_MAX_BYTES, files: ATTACHMENT_MAX_FILES, fields: MULTIPART_MAX_FIELDS, fieldSize: MULTIPART_MAX_FIELD_BYTES, parts: ATTACHMENT_MAX_FILES + MULTIPART_MAX_FIELDS },
      });
    } catch {
      reject(new HttpError(400, 'Malformed multipart body'));
      return;
    }
    const fields: Record<string, string | string[]> = {};
    const files: UploadedFile[] = [];
    let failed: HttpError | null = null;
    const fail = (e: HttpError) => {
      if (failed) return;
      failed = e;
      req.unpipe(bb);
      req.resume();
      reject(e);
    };
    bb.on('field', (rawName, value, info) => {
      if (info.valueTruncated) return fail(new HttpError(413, `Field ${rawName} is too large`));
      const name = rawName.endsWith('[]') ? rawName.slice(0, -2) : rawName;
      const prev = fields[name];
      fields[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
    });
    bb.on('file', (fieldName, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => fail(new HttpError(413, `File ${info.filename} is larger than ${MB(ATTACHMENT_MAX_BYTES)} MB`)));
      stream.on('end', () => {
        if (failed || (stream as unknown as { truncated?: boolean }).truncated) return;
        const data = Buffer.concat(chunks);
        if (data.length === 0 && !info.filename) return; // an empty file input
        files.push({ fieldName: fieldName.endsWith('[]') ? fieldName.slice(0, -2) : fieldName, fileName: info.filename || 'file', mimeType: info.mimeType, data });
      });
    });
    bb.on('filesLimit', () => fail(new HttpError(413, `At most ${ATTACHMENT_MAX_FILES} files per request`)));
    bb.on('fieldsLimit', () => fail(new HttpError(413, 'Too many fields')));
    bb.on('partsLimit', () => fail(new HttpError(413, 'Too many parts')));
    bb.on('error', () => fail(new HttpError(400, 'Malformed multipart body')));
    bb.on('close', () => {
      if (!failed) resolve({ fields, files });
    });
    req.on('aborted', () => fail(new HttpError(400, 'Request aborted')));
    req.pipe(bb);
  });
}
