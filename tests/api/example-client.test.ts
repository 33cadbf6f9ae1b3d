import { execFile } from 'node:child_process';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMasterData } from '../../db/seed/demo';
import { generateTypes } from '../../examples/integrator/generate-types';
import { contractProblems, openApiDocument } from '../helpers/openapi-validator';
import { startTestApp, type TestApp } from '../helpers/server';
import { png } from './worksheet-fixtures';

/**
 * The integrator's example client (issue 19 point 4, examples/integrator/client.ts): its types are
 * generated from this server's document with openapi-typescript, it compiles under `tsc --strict`
 * with no `as` casts on API data, and it runs against the real server — paging by `Link`, a create
 * with a photo, an approval, a marked CSV download and verified webhook deliveries — with every
 * exchange it makes held to the document like the rest of the API tests.
 */
process.env.WEBHOOKS_ALLOW_PRIVATE = '127.0.0.0/8';
process.env.WEBHOOKS_POLL_MS = '50';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../..');
const EXAMPLE = join(ROOT, 'examples/integrator');

let app: TestApp;
let apiKey: string;
let receiver: Server;
let receiverUrl: string;
const deliveries: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
const problems: string[] = [];

/** fetch for openapi-fetch that checks each exchange against the document, as tests/helpers/client.ts does. */
const checkedFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const sent = request.clone();
  const response = await fetch(request);
  const type = sent.headers.get('content-type') ?? '';
  const requestBody = type.startsWith('multipart/') ? await sent.formData() : sent.body ? await sent.text() : undefined;
  const text = await response.clone().text();
  const json = (response.headers.get('content-type') ?? '').includes('json') && text ? (JSON.parse(text) as unknown) : text;
  const url = new URL(sent.url);
  problems.push(
    ...contractProblems({
      method: sent.method,
      url: url.pathname + url.search,
      requestHeaders: Object.fromEntries(sent.headers),
      requestBody,
      status: response.status,
      headers: response.headers,
      text,
      body: json,
    }),
  );
  return response;
};

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  app = await startTestApp();
  const accountId = await app.createAccount('EXC');
  await seedMasterData(app.db, accountId);
  apiKey = (await app.apiKeyClient(accountId)).key;
}, 180_000);
afterAll(async () => {
  await app?.close();
  await new Promise((ok) => receiver?.close(ok));
});

describe('the example integrator client', () => {
  it('compiles under tsc --strict against types generated from this server’s document, with no casts on API data', async () => {
    // The generated types are not kept in git (examples/integrator/.gitignore).
    const types = await generateTypes(openApiDocument() as unknown as Record<string, unknown>);
    // Both api projects run this file: write the types whole, then move them in place.
    const tmp = join(EXAMPLE, `.api.${process.pid}.d.ts`);
    writeFileSync(tmp, types);
    renameSync(tmp, join(EXAMPLE, 'api.d.ts'));
    expect(types).toMatch(/attachments\?: Blob\[\]/);
    await run(
      process.execPath,
      [
        join(ROOT, 'node_modules/typescript/bin/tsc'),
        '--noEmit',
        '--strict',
        '--skipLibCheck',
        '--target',
        'es2022',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        join(EXAMPLE, 'client.ts'),
      ],
      {
        cwd: ROOT,
        timeout: 90_000,
      },
    ).catch((e: { stdout: string }) => {
      throw new Error(`tsc --strict failed on the example client:\n${e.stdout}`);
    });
    // No `x as T` nor `<T>x` anywhere in the example: its types come from the document alone.
    const source = ts.createSourceFile('client.ts', readFileSync(join(EXAMPLE, 'client.ts'), 'utf8'), ts.ScriptTarget.ES2022, true);
    const casts: string[] = [];
    const visit = (node: ts.Node): void => {
      if ((ts.isAsExpression(node) && node.type.getText(source) !== 'const') || ts.isTypeAssertionExpression(node)) casts.push(node.getText(source));
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(casts).toEqual([]);
  }, 120_000);

  it('pages by Link, creates with a photo, approves, downloads and verifies the webhooks — all as the document says', async () => {
    // Imported by a computed path: its types (examples/integrator/api.d.ts) exist only once the
    // test above generated them, and the project's typecheck must pass on a fresh clone without them.
    const examplePath = '../../examples/integrator/client';
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the example is typed and compiled on its own, above
    const ex: any = await import(/* @vite-ignore */ examplePath);
    const client = ex.connect(app.url, apiKey, checkedFetch);
    const { secret } = await ex.subscribe(client, receiverUrl);

    for (let i = 0; i < 5; i++) {
      const { error } = await client.POST('/api/item', { body: { no: `EX-${i}`, description: `Example item ${i}` } });
      expect(error).toBeUndefined();
    }
    const items = await ex.allItems(client, 2);
    expect(items.map((i: { no: string }) => i.no)).toEqual(expect.arrayContaining(['1000', '1400', 'EX-0', 'EX-4']));
    expect(new Set(items.map((i: { no: string }) => i.no)).size).toBe(items.length);
    expect(items).toHaveLength(10);

    const photo = new Blob([(await png()) as Uint8Array<ArrayBuffer>], { type: 'image/png' });
    const entry = await ex.createWithPhotos(
      client,
      {
        date: '2026-11-23',
        username: 'excadmin',
        jobCode: 'J-1001',
        jobTaskCode: '100',
        customerNo: 'C1000',
        unitType: 'Item',
        unitNo: '1200',
        unitOfMeasureCode: 'M',
        quantity: '12,5',
        description: 'Copper pipe',
        attachments: [photo],
      },
      'example-create-1',
    );
    expect(entry.quantity).toBe(12.5);
    expect(entry.attachments).toHaveLength(1);
    // A retry with the same key answers the same entry and creates nothing.
    const again = await ex.createWithPhotos(
      client,
      {
        date: '2026-11-23',
        username: 'excadmin',
        jobCode: 'J-1001',
        jobTaskCode: '100',
        customerNo: 'C1000',
        unitType: 'Item',
        unitNo: '1200',
        unitOfMeasureCode: 'M',
        quantity: '12,5',
        description: 'Copper pipe',
        attachments: [photo],
      },
      'example-create-1',
    );
    expect(again.id).toBe(entry.id);

    expect((await ex.approve(client, entry.id)).approvedBy).toBe('API');
    expect((await ex.openEntries(client, '2026-11-23', '2026-11-23')).map((e: { id: number }) => e.id)).toEqual([entry.id]);
    const csv = await ex.downloadAndMark(client, [entry.id]);
    expect(csv).toContain('J-1001');
    expect(csv).toContain('12.5');

    const deadline = Date.now() + 20_000;
    while (deliveries.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const said = deliveries.map((d) => ex.describeDelivery(ex.verifyDelivery(secret, d.body, Object.fromEntries(Object.entries(d.headers).map(([k, v]) => [k, String(v)])))));
    expect(said).toEqual(
      expect.arrayContaining([
        `worksheet.created #${entry.id} by API`,
        `worksheet.approved #${entry.id} by API`,
        expect.stringMatching(new RegExp(`^API exported 1 entries: ${entry.id} \\(batch \\d+\\)$`)),
      ]),
    );
    expect(() =>
      ex.verifyDelivery(secret, deliveries[0]!.body.replace('worksheet', 'worksheeT'), Object.fromEntries(Object.entries(deliveries[0]!.headers).map(([k, v]) => [k, String(v)]))),
    ).toThrow();

    expect(problems).toEqual([]);
  }, 120_000);
});
