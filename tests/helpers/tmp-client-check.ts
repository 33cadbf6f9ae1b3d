import { ApiClient, expectStatus, expectOk, type PathOf } from './client';
declare const c: ApiClient;
declare const id: number;
type A = PathOf<`/api/worksheet/${number}`>;
type B = PathOf<'/api/worksheet/download'>;
type C = PathOf<`/api/worksheet?mode=ALL&from=${string}`>;
type D = PathOf<`/api/worksheet/${number}/history`>;
type E = PathOf<string>;
export const a: [A, B, C, D, E] = null!;
export async function f() {
  const r = await c.get(`/api/worksheet/${id}`);
  expectStatus(r, 200);
  const n: number = r.body.id;
  const r2 = await c.post('/api/worksheet', { date: '2026-01-01', jobCode: 'J', unitType: 'Item', unitNo: 'x', description: 'd', unitOfMeasureCode: 'H' });
  const b = expectOk(r2);
  const m: number = b.id;
  const r3 = await c.get('/api/trpc/x');
  const u: string = r3.body;
  const r4 = await c.post('/api/user/logout');
  return [n, m, u, r4];
}
