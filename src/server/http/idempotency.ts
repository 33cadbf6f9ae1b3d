import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  completeIdempotencyKey,
  findIdempotencyKey,
  purgeExpiredIdempotencyKeys,
  releaseIdempotencyKey,
  reserveIdempotencyKey,
  type IdempotencyScope,
} from '../../../db/queries/idempotency';
import type { Database } from '../../../db/database';
import type { Actor, UploadedFile } from '../context';
import { errorToken } from '../../shared/error-codes';
import { AppError } from '../errors';

/**
 * Safe retries for the REST creates (issue 13 point 5, decision 0130), after the IETF draft
 * "The Idempotency-Key HTTP Header Field": the first request with a key runs and its successful
 * answer is kept for 24 h; a retry with the same key and the same request gets that answer again
 * (`Idempotent-Replayed: true`) and creates nothing; the same key with another request → 422;
 * a retry while the first is still running → 409 with Retry-After. Failed requests free the key
 * (they created nothing), so a retry after a 4xx/5xx runs again.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** A key left 'running' this long belongs to an instance that died mid-request; a retry may take it over. */
export const IDEMPOTENCY_STALE_SECONDS = 120;
const PURGE_BATCH = 100;
/** Printable ASCII, at most 255 characters (UUIDs, ULIDs, hashes all fit). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const ERR_IDEMPOTENCY_MISMATCH = errorToken('IDEMPOTENCY_MISMATCH');
export const ERR_IDEMPOTENCY_RUNNING = errorToken('IDEMPOTENCY_RUNNING');
export const ERR_IDEMPOTENCY_KEY = errorToken('IDEMPOTENCY_KEY');

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * The answer as it is kept for replays: the secret fields left out (decision 0191). A replay
 * answers the same status and record without them; the caller who lost the first answer rotates
 * the secret.
 */
export function withoutSecrets(body: unknown, fields: readonly string[]): unknown {
  if (fields.length === 0 || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const copy = { ...(body as Record<string, unknown>) };
  for (const f of fields) delete copy[f];
  return copy;
}

/** Sorted keys at every level, so that `{a,b}` and `{b,a}` hash alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** SHA-256 over the method, path, the whole input and every file's name, type and content hash. */
export function requestFingerprint(method: string, path: string, input: unknown, files: UploadedFile[]): string {
  const fileHashes = files.map((f) => [f.fieldName, f.fileName, f.mimeType, createHash('sha256').update(f.data).digest('hex')]);
  return createHash('sha256')
    .update(JSON.stringify([method, path, canonical(input ?? null), fileHashes]))
    .digest('hex');
}

export function idempotencyKeyOf(req: IncomingMessage): string | null {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = (Array.isArray(raw) ? raw.join(',') : raw).trim();
  if (!KEY_PATTERN.test(key)) throw new AppError('BAD_REQUEST', ERR_IDEMPOTENCY_KEY);
  return key;
}

/**
 * Runs `run` at most once per (account, caller, key) within 24 h. Without the header, or without
 * a caller (the procedure answers 401 itself), it just runs.
 */
export async function withIdempotency(
  db: Database,
  req: IncomingMessage,
  res: ServerResponse,
  actor: Actor | null,
  request: { method: string; path: string; input: unknown; files: UploadedFile[]; secretFields?: readonly string[] },
  run: () => Promise<Answer>,
): Promise<Answer> {
  const key = idempotencyKeyOf(req);
  if (key === null || actor === null) return run();
  const scope: IdempotencyScope = { accountId: actor.accountId, scope: actor.kind === 'apiKey' ? 'apiKey' : `user:${actor.userId}`, key };
  const fingerprint = requestFingerprint(request.method, request.path, request.input, request.files);

  // Two rounds: the row we collided with may be released (its request failed) between our insert and our read.
  for (let round = 0; round < 2; round++) {
    if (await reserveIdempotencyKey(db, scope, fingerprint, IDEMPOTENCY_TTL_SECONDS, IDEMPOTENCY_STALE_SECONDS)) {
      let answer: Answer;
      try {
        answer = await run();
      } catch (error) {
        await releaseIdempotencyKey(db, scope, fingerprint);
        throw error;
      }
      // A secret (a webhook's signing secret) is shown once and never stored here (issue 21 §4).
      await completeIdempotencyKey(db, scope, fingerprint, answer.status, JSON.stringify(withoutSecrets(answer.body ?? null, request.secretFields ?? [])));
      await purgeExpiredIdempotencyKeys(db, actor.accountId, PURGE_BATCH);
      return answer;
    }
    const existing = await findIdempotencyKey(db, scope);
    if (!existing) continue;
    if (existing.fingerprint !== fingerprint) throw new AppError('UNPROCESSABLE_CONTENT', ERR_IDEMPOTENCY_MISMATCH);
    if (existing.state === 'running' || existing.responseStatus === null) {
      res.setHeader('Retry-After', '1');
      throw new AppError('CONFLICT', ERR_IDEMPOTENCY_RUNNING);
    }
    res.setHeader('Idempotent-Replayed', 'true');
    return { status: existing.responseStatus, body: JSON.parse(existing.responseBody ?? 'null') as unknown };
  }
  res.setHeader('Retry-After', '1');
  throw new AppError('CONFLICT', ERR_IDEMPOTENCY_RUNNING);
}
