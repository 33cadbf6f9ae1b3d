import 'fake-indexeddb/auto';
import { TRPCClientError } from '@trpc/client';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_TEMPLATES, type CodedError } from '../../src/shared/error-codes';
import { setLocale } from '../../src/shared/paraglide/runtime.js';
import { m } from '../../src/shared/paraglide/messages.js';
import { AppError, toWire, trpcErrorShape } from '../../src/server/errors';
import { sendWireProblem } from '../../src/server/http/problem';
import { errorMessage, loadErrorMessages, translateCode } from '../../src/client/lib/errors';
import { problemError } from '../../src/client/lib/rest';
import { failedOutcome, type OutboxItem, type OutboxProblem } from '../../src/client/features/worksheet/offline/outbox-core';
import { httpSender } from '../../src/client/features/worksheet/offline/outbox-sync';
import { problemFieldMessages, problemMessage } from '../../src/client/features/worksheet/offline/outbox';

/*
 * Issue 20 §1: every code of the catalogue renders in English and Danish from what the wire
 * carries — problem+json (REST) and tRPC's envelope — and from what the offline outbox keeps of a
 * refusal; never from the English sentence. A refusal the outbox stored before it kept codes is
 * still shown (its English detail, as it is).
 */

afterEach(() => void setLocale('en', { reload: false }));
const inLocale = <T>(locale: 'en' | 'da', run: () => T): T => {
  void setLocale(locale, { reload: false });
  try {
    return run();
  } finally {
    void setLocale('en', { reload: false });
  }
};

const paramsOf = (template: string) => Object.fromEntries([...template.matchAll(/\{(\w+)\}/g)].map(([, n]) => [n!, n === 'entity' || n === 'parent' ? 'Customer' : '7']));

/** The problem+json body the server's writer sends for this error. */
function problemBody(error: unknown): { status: number; body: unknown } {
  let status = 0;
  let text = '';
  const res = {
    headersSent: false,
    getHeader: () => undefined,
    writeHead(s: number) {
      status = s;
      return this;
    },
    end(chunk: string) {
      text = chunk;
    },
  } as unknown as ServerResponse;
  sendWireProblem(res, toWire(error));
  return { status, body: JSON.parse(text) as unknown };
}

/** A stored outbox refusal as the service worker's sender keeps it from the server's answer. */
async function outboxProblem(status: number, body: unknown): Promise<OutboxProblem> {
  const send = httpSender(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/problem+json' } })));
  const outcome = await send({ id: 'x', key: 'k', fields: {}, photos: [] } as unknown as OutboxItem);
  if (outcome.kind !== 'refused') throw new Error(`not refused: ${outcome.kind}`);
  return outcome.problem;
}

beforeAll(() => loadErrorMessages());

describe('every code renders in EN and DA from the wire and from the outbox', () => {
  for (const code of ERROR_CODES) {
    it(code, async () => {
      const coded: CodedError = { code, params: paramsOf(ERROR_TEMPLATES[code]) };
      const expected = { en: inLocale('en', () => translateCode(code, coded.params, '?')), da: inLocale('da', () => translateCode(code, coded.params, '?')) };
      expect(expected.en).not.toBe(expected.da);
      const error = new AppError('BAD_REQUEST', coded, { field: [coded] });

      // REST: problem+json, read by the client's one parser
      const { status, body } = problemBody(error);
      expect(body).toMatchObject({ status: 400, code, params: coded.params, errorCodes: { field: [coded] } });
      const rest = problemError(status, body);
      // tRPC: the envelope the error formatter builds
      const shape = trpcErrorShape(toWire(error));
      const trpc = TRPCClientError.from({ error: shape } as never);
      // the outbox: what it keeps of the refusal
      const stored = await outboxProblem(status, body);
      expect(stored).toMatchObject({ status: 400, code, params: coded.params });

      for (const locale of ['en', 'da'] as const) {
        const want = expected[locale];
        inLocale(locale, () => {
          expect(errorMessage(rest)).toBe(want);
          expect(errorMessage(trpc)).toBe(want);
          expect(problemMessage(stored)).toBe(code === 'IDEMPOTENCY_MISMATCH' ? m.outbox_err_already_sent() : want);
          // the field message is the main one here, so it is not repeated
          expect(problemFieldMessages({ ...stored, code: 'INTERNAL' })).toEqual(code === 'INTERNAL' ? [] : [want]);
        });
      }
    });
  }

  it('an outbox refusal stored before codes were kept shows its English detail, as it is', () => {
    const old = { status: 400, message: 'Validation failed', errors: { jobCode: ['Job cannot be: NO-SUCH-JOB'] } };
    expect(failedOutcome(old)).toMatchObject({ kind: 'refused' });
    inLocale('da', () => {
      expect(problemMessage(old)).toBe('Validation failed');
      expect(problemFieldMessages(old)).toEqual(['Job cannot be: NO-SUCH-JOB']);
    });
  });

  it('"already sent with other content" has the outbox\'s own words', () => {
    inLocale('da', () => expect(problemMessage({ status: 422, message: 'x', code: 'IDEMPOTENCY_MISMATCH', params: {}, errors: {} })).not.toBe('x'));
  });
});

describe('no English error sentence is used as an identifier (issue 20 §1)', () => {
  it('throw sites and zod messages carry catalogue codes, not sentences', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '../..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (name !== 'paraglide') walk(path);
        } else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) files.push(path);
      }
    };
    for (const dir of ['src/server', 'src/shared', 'src/client']) walk(join(root, dir));
    // A sentence thrown inline, or a sentence as a zod message (`.max(9, 'Field …')`, `{ error: 'Must …' }`).
    const sentence = /new AppError\([^,]+, *['"`]|\.(min|max|regex|refine|int|positive|array|string|number)\([^)]*['"`][A-Z][a-z]+ [a-z]|(error|message): *['"`][A-Z][a-z]+ [a-z]/;
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ where: `${file.slice(root.length + 1)}:${i + 1}`, line }))
        // errorText() renders English: on the server and in the shared schemas a refusal carries errorToken()/coded() instead.
        .filter(
          ({ line }) => (sentence.test(line) || (!file.includes('src/client') && !file.endsWith('error-codes.ts') && /\berrorText\(/.test(line))) && !/^\s*(\*|\/\/)/.test(line),
        ),
    );
    expect(found.map((f) => `${f.where}: ${f.line.trim()}`)).toEqual([]);
    const all = files.map((f) => readFileSync(f, 'utf8')).join('\n');
    expect(all).not.toMatch(/identifyError|class HttpError/);
  });
});
