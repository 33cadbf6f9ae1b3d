import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyEntries } from '../../src/server/services/history';
import { ATTACHMENT_MAX_BYTES } from '../../src/shared/limits';
import { startTestApp, type TestApp } from '../helpers/server';
import { form, itemEntry, jpeg, png, setUpWorld, type WorksheetWorld } from './worksheet-fixtures';
import { expectOk, expectStatus } from '../helpers/client';

/** Photo attachments (DESIGN §4): magic-byte types, limits, storage with the record, serving rights. */
let app: TestApp;
let w: WorksheetWorld;
let photo: Uint8Array;

beforeAll(async () => {
  app = await startTestApp();
  w = await setUpWorld(app, 'wa');
  photo = await png();
});
afterAll(() => app?.close());

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- loosely typed JSON

async function createWith(files: Array<{ name: string; data: Uint8Array; type?: string }>, client = w.c.basicA) {
  return client.request('POST', '/api/worksheet', form(itemEntry(), files));
}

async function rawGet(client: WorksheetWorld['c']['basicA'], path: string) {
  const res = await fetch(client.baseUrl + path, { headers: client.cookie ? { Cookie: client.cookie } : {} });
  return { status: res.status, headers: res.headers, body: new Uint8Array(await res.arrayBuffer()) };
}

describe('upload', () => {
  let rec: Rec;

  it('stores photos with the record and answers their ids and names', async () => {
    const res = await createWith([
      { name: 'site.png', data: photo },
      { name: 'C:\\Users\\me\\detail.jpg', data: await jpeg() },
    ]);
    expectStatus(res, 201);
    rec = res.body;
    expect(rec.attachments.map((a: Rec) => a.fileName)).toEqual(['site.png', 'detail.jpg']);
    const rows = await app.db.selectFrom('attachment').select(['contentType', 'size', 'previewType']).where('worksheetId', '=', rec.id).orderBy('id').execute();
    expect(rows).toEqual([
      { contentType: 'image/png', size: photo.length, previewType: 'image/webp' },
      { contentType: 'image/jpeg', size: expect.any(Number), previewType: 'image/webp' },
    ]);
  });

  it('serves the photo with its real type, nosniff and Content-Disposition', async () => {
    const [first] = rec.attachments as Rec[];
    const res = await rawGet(w.c.basicA, `/api/attachment/${rec.id}/${first!.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="site.png"/);
    expect(Buffer.from(res.body).equals(Buffer.from(photo))).toBe(true);
  });

  it('serves a small WebP preview with ?preview=1, upright per EXIF orientation', async () => {
    // 600x200 landscape pixels with orientation 6 (rotate 90°) is a portrait photo.
    const rotated = new Uint8Array(
      await sharp({ create: { width: 600, height: 200, channels: 3, background: '#159' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    );
    const res = await createWith([{ name: 'phone.jpg', data: rotated }]);
    const att = expectOk(res).attachments[0]!;
    const prev = await rawGet(w.c.basicA, `/api/attachment/${expectOk(res).id}/${att.id}?preview=1`);
    expect(prev.status).toBe(200);
    expect(prev.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(prev.body).metadata();
    expect(meta.width).toBeLessThanOrEqual(320);
    expect(meta.height).toBe(320);
    expect(meta.width).toBeLessThan(meta.height!);
  });

  it('a HEIC the server cannot shrink is stored without a preview; the preview is an icon', async () => {
    // A HEIC header (ftyp heic) that no decoder can read: accepted by type, no preview possible.
    const heic = new Uint8Array(64);
    heic.set([0, 0, 0, 0x18, ...Buffer.from('ftypheic'), 0, 0, 0, 0, ...Buffer.from('mif1heic')]);
    const res = await createWith([{ name: 'IMG_0001.HEIC', data: heic, type: 'image/heic' }]);
    expectStatus(res, 201);
    const att = res.body.attachments[0]!;
    const row = await app.db.selectFrom('attachment').select(['contentType', 'previewType']).where('id', '=', att.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ contentType: 'image/heic', previewType: null });
    const prev = await rawGet(w.c.basicA, `/api/attachment/${res.body.id}/${att.id}?preview=1`);
    expect(prev.status).toBe(200);
    expect(prev.headers.get('content-type')).toBe('image/svg+xml');
    expect((await rawGet(w.c.basicA, `/api/attachment/${res.body.id}/${att.id}`)).headers.get('content-type')).toBe('image/heic');
  });

  it('lists carry the attachment ids and names', async () => {
    const list = (await w.c.basicA.get('/api/worksheet')).body as Array<{ worksheet: Rec[] }>;
    const found = list.flatMap((g) => g.worksheet).find((r) => r.id === rec.id);
    expect(found?.attachments).toEqual(rec.attachments);
  });
});

describe('types and limits', () => {
  it('refuses what is not an image by its bytes, whatever its name or claimed type (415)', async () => {
    const res = await createWith([{ name: 'evil.png', data: new TextEncoder().encode('<script>alert(1)</script>'), type: 'image/png' }]);
    expectStatus(res, 415);
    expect(res.body.code).toBe('FILE_TYPE');
    const pdf = await createWith([{ name: 'doc.jpg', data: new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), type: 'image/jpeg' }]);
    expectStatus(pdf, 415);
    const gif = await createWith([
      {
        name: 'a.gif',
        data: new Uint8Array(
          await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
            .gif()
            .toBuffer(),
        ),
        type: 'image/gif',
      },
    ]);
    expectStatus(gif, 415);
  });

  it('a refused file stores nothing (same transaction)', async () => {
    const before = await app.db
      .selectFrom('worksheetRecord')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await createWith([
      { name: 'ok.png', data: photo },
      { name: 'bad.png', data: new Uint8Array([1, 2, 3, 4]) },
    ]);
    expectStatus(res, 415);
    const after = await app.db
      .selectFrom('worksheetRecord')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('at most 10 files per record (413)', async () => {
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, data: photo }));
    expect((await createWith(files)).status).toBe(413);
    expect((await createWith(files.slice(0, 10))).status).toBe(201);
  });

  it('at most 15 MB per file (413)', async () => {
    const big = new Uint8Array(ATTACHMENT_MAX_BYTES + 1);
    big.set(photo);
    expect((await createWith([{ name: 'huge.png', data: big }])).status).toBe(413);
  });

  it('the count includes the photos a record keeps on update', async () => {
    const res = await createWith(Array.from({ length: 8 }, (_, i) => ({ name: `k${i}.png`, data: photo })));
    const rec = res.body as Rec;
    const keep = (rec.attachments as Rec[]).map((a) => a.id);
    const three = Array.from({ length: 3 }, (_, i) => ({ name: `n${i}.png`, data: photo }));
    const tooMany = await w.c.basicA.request('PUT', '/api/worksheet', form({ ...itemEntry(), id: rec.id, version: rec.version, existingAttachments: keep }, three));
    expectStatus(tooMany, 413);
    expect(tooMany.body).toMatchObject({ code: 'TOO_MANY_ATTACHMENTS', params: { max: '10' } });
    const ok = await w.c.basicA.request(
      'PUT',
      '/api/worksheet',
      form({ ...itemEntry(), id: rec.id, version: rec.version, existingAttachments: keep.slice(0, 7).join(',') }, three),
    );
    expectStatus(ok, 200);
    expect(ok.body.attachments).toHaveLength(10);
  });
});

describe('update keeps, detaches and adds', () => {
  it('existingAttachments lists the ids to keep; absent keeps all; empty keeps none', async () => {
    const rec = (
      await createWith([
        { name: 'a.png', data: photo },
        { name: 'b.png', data: photo },
      ])
    ).body as Rec;
    const [a, b] = rec.attachments as Rec[];
    // repeated field: keep a only, add c
    let res = await w.c.basicA.request(
      'PUT',
      '/api/worksheet',
      form({ ...itemEntry(), id: rec.id, version: rec.version, existingAttachments: [a!.id] }, [{ name: 'c.png', data: photo }]),
    );
    expectStatus(res, 200);
    expect((res.body.attachments as Rec[]).map((x) => x.fileName)).toEqual(['a.png', 'c.png']);
    expect((await rawGet(w.c.basicA, `/api/attachment/${rec.id}/${b!.id}`)).status).toBe(404);
    // absent: all kept
    res = await w.c.basicA.request('PUT', '/api/worksheet', form({ ...itemEntry(), id: rec.id, version: res.body.version, description: 'no change to photos' }));
    expect(expectOk(res).attachments).toHaveLength(2);
    // an id that is not the record's
    const foreign = await w.c.basicA.request('PUT', '/api/worksheet', form({ ...itemEntry(), id: rec.id, version: expectOk(res).version, existingAttachments: '999999' }));
    expectStatus(foreign, 400);
    expect(foreign.body.errorCodes?.existingAttachments).toEqual([{ code: 'CANNOT_BE', params: { field: 'Attachment', value: '999999' } }]);
    // empty: none kept
    res = await w.c.basicA.request('PUT', '/api/worksheet', form({ ...itemEntry(), id: rec.id, version: expectOk(res).version, existingAttachments: '' }));
    expect(expectOk(res).attachments).toEqual([]);
    // Only the owner changed the record, so nobody may read its history over the API (spec §6,
    // issue 8 §9); the trail is read as the service keeps it.
    const hist = (await historyEntries(app.db, w.accountId, rec.id as number)) as Rec[];
    expect(hist[1]!.changes.attachments).toEqual({ from: ['a.png', 'b.png'], to: ['a.png', 'c.png'] });
    expect(hist.at(-1)!.changes.attachments).toEqual({ from: ['a.png', 'c.png'], to: [] });
  });
});

describe('who may fetch a photo', () => {
  let rec: Rec;
  let path: string;
  beforeAll(async () => {
    rec = (await createWith([{ name: 'private.png', data: photo }])).body;
    path = `/api/attachment/${rec.id}/${rec.attachments[0].id}`;
  });

  it('the owner, the team leader and the admin', async () => {
    for (const c of [w.c.basicA, w.c.leadA, w.c.admin]) expect((await rawGet(c, path)).status).toBe(200);
  });

  it('404 for a record one may not see, another account, a wrong pairing, and 401 without login', async () => {
    for (const c of [w.c.basicA2, w.c.basicB, w.c.leadB, w.c.otherAdmin]) expect((await rawGet(c, path)).status).toBe(404);
    const other = (await createWith([{ name: 'x.png', data: photo }])).body as Rec;
    expect((await rawGet(w.c.basicA, `/api/attachment/${other.id}/${rec.attachments[0].id}`)).status).toBe(404);
    expect((await rawGet(w.c.basicA, `/api/attachment/abc/1`)).status).toBe(404);
    expect((await fetch(app.url + path)).status).toBe(401);
  });

  it('after export the photo can still be seen (archive)', async () => {
    await app.db.updateTable('worksheetRecord').set({ exported: true }).where('id', '=', rec.id).execute();
    expect((await rawGet(w.c.basicA, path)).status).toBe(200);
  });
});
