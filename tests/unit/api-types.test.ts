import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { API_TYPES_FILE, apiTypesSource } from '../../scripts/test-api-types';
import type { AnswerBody, ApiClient, ApiResponse, JsonBody, PathOf, Problem, ResponseFor } from '../helpers/client';

/*
 * tests/helpers/api-types.gen.ts types the test client (tests/helpers/client.ts) from
 * /api/openapi.json. Like any generated file it must match its source: a change to a procedure's
 * schema or a route without `npm run test:types` fails here, naming the command.
 */
describe('tests/helpers/api-types.gen.ts', () => {
  it('is what `npm run test:types` writes from the document as it is now', async () => {
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    const fresh = await apiTypesSource();
    expect(committed === fresh, 'tests/helpers/api-types.gen.ts is out of date with /api/openapi.json: run `npm run test:types` and commit the file').toBe(true);
  }, 180_000);
});

/*
 * What the client's types promise, checked by `tsc --noEmit` (these assertions do nothing at run
 * time): concrete paths find their template, answers are unions by status, unknown paths are unknown.
 */
describe('the typed test client', () => {
  it('finds the operation of a concrete path', () => {
    expectTypeOf<PathOf<'/api/worksheet'>>().toEqualTypeOf<'/api/worksheet'>();
    expectTypeOf<PathOf<'/api/worksheet?mode=ALL&limit=5'>>().toEqualTypeOf<'/api/worksheet'>();
    expectTypeOf<PathOf<`/api/worksheet/${number}`>>().toEqualTypeOf<'/api/worksheet/{id}'>();
    expectTypeOf<PathOf<`/api/worksheet/${number}/history`>>().toEqualTypeOf<'/api/worksheet/{id}/history'>();
    // a static path before a template, as the server matches
    expectTypeOf<PathOf<'/api/worksheet/download'>>().toEqualTypeOf<'/api/worksheet/download'>();
    expectTypeOf<PathOf<`/api/attachment/${number}/${number}?preview=1`>>().toEqualTypeOf<'/api/attachment/{worksheetId}/{attachmentId}'>();
    expectTypeOf<PathOf<string>>().toBeNever();
    expectTypeOf<PathOf<'/api/trpc/worksheet.list'>>().toBeNever();
  });

  it('answers a union by status: the 2xx body, or the Problem of a refusal', () => {
    type Get = ResponseFor<`/api/worksheet/${number}`, 'get'>;
    expectTypeOf<Extract<Get, { status: 200 }>['body']['id']>().toEqualTypeOf<number>();
    expectTypeOf<Extract<Get, { status: 404 }>['body']>().toEqualTypeOf<Problem>();
    expectTypeOf<AnswerBody<'/api/customer', 'post', 201>>().toMatchTypeOf<{ no: string; name: string; version: number }>();
    // a path or method the document does not have: untyped, never `any`
    expectTypeOf<ResponseFor<'/api/trpc/worksheet.list', 'get'>>().toEqualTypeOf<ApiResponse>();
    expectTypeOf<ApiResponse['body']>().toBeUnknown();
    expectTypeOf<ResponseFor<'/api/account', 'delete'>>().toEqualTypeOf<ApiResponse>();
  });

  it('takes the request body the document takes', () => {
    expectTypeOf<JsonBody<'/api/customer', 'post'>>().toMatchTypeOf<{ no: string; name: string }>();
    expectTypeOf<ApiClient['post']>().toBeFunction();
    const call = (c: ApiClient) => {
      // @ts-expect-error a customer needs its name
      void c.post('/api/customer', { no: 'C1' });
      void c.post('/api/customer', { no: 'C1', name: 'One' });
      // deliberately invalid input goes through raw(), still typed by the answer
      void c.raw('POST', '/api/customer', { no: 12 });
    };
    expect(call).toBeTypeOf('function');
  });
});
