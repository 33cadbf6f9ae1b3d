import sharp from 'sharp';
import { crc32, createDeflate } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/server';
import { form, itemEntry, png, setUpWorld, type WorksheetWorld } from './worksheet-fixtures';
import { expectOk, expectStatus, fieldCodes } from '../helpers/client';

/*
 * Issue 8 §2 (NUL, dates, quantity → 400 with a field error, never a 500), §7 (uploads: metadata
 * stripped, pixel limit, real extension) and §9 (history only where canViewHistory).
 */
let app: TestApp;
let w: WorksheetWorld;

// The world (demo master data, seven users) takes long on PGlite when the machine is busy.
beforeAll(async () => {
  app = await startTestApp();
  w = await setUpWorld(app, 'hi');
}, 120_000);
afterAll(() => app?.close());

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- loosely typed JSON

const trpcGet = (client: WorksheetWorld['c']['admin'], path: string, input: unknown) => client.get(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);
const createEntry = (fields: Record<string, string | number | null>, client = w.c.basicA, files: Parameters<typeof form>[1] = []) =>
  client.post('/api/worksheet', form(itemEntry(fields), files));

describe('NUL characters answer 400 with a field error (issue 8 §2)', () => {
  it('login username and password', async () => {
    for (const body of [
      { username: 'hi\u0000admin', password: 'x' },
      { username: 'hiadmin', password: 'Test\u0000pass' },
    ]) {
      const res = await app.anonymous().post('/api/user/login', body);
      expectStatus(res, 400);
      expect(Object.values(fieldCodes(res.body)).flat()).toEqual(['NUL_CHAR']);
    }
  });

  it('search q, user/single, and a record description (REST and tRPC)', async () => {
    const search = await w.c.basicA.get('/api/customer/search?q=%00');
    expectStatus(search, 400);
    expect(fieldCodes(search.body).q).toEqual(['NUL_CHAR']);
    const single = await w.c.admin.get('/api/user/single?username=hi%00admin');
    expectStatus(single, 400);
    expect(fieldCodes(single.body).username).toEqual(['NUL_CHAR']);
    const entry = await createEntry({ description: 'Screws\u0000' });
    expectStatus(entry, 400);
    expect(fieldCodes(entry.body).description).toEqual(['NUL_CHAR']);
    const trpc = await trpcGet(w.c.basicA, 'customer.search', { q: 'a\u0000' });
    expectStatus(trpc, 400);
    expect(trpc.body).toMatchObject({ error: { data: { errorCodes: { q: [{ code: 'NUL_CHAR' }] } } } });
  });
});

describe('dates outside 1900-01-01..2999-12-31 answer 400 (issue 8 §2)', () => {
  it('entry date, archive from/to and expiration date', async () => {
    const entry = await createEntry({ date: '0000-01-01' });
    expectStatus(entry, 400);
    expect(fieldCodes(entry.body).date).toEqual(['DATE_OUT_OF_RANGE']);
    const archive = await w.c.admin.get('/api/worksheet?exported=true&from=0000-01-01');
    expectStatus(archive, 400);
    expect(fieldCodes(archive.body).from).toEqual(['DATE_OUT_OF_RANGE']);
    const to = await w.c.admin.get('/api/worksheet?to=3000-01-01');
    expectStatus(to, 400);
    expect(fieldCodes(to.body).to).toEqual(['DATE_OUT_OF_RANGE']);
    const user = await w.c.admin.post('/api/user', { username: 'hidated', password: 'Secret-pass-1', confirmPassword: 'Secret-pass-1', expirationDate: '0000-01-01' });
    expectStatus(user, 400);
    expect(fieldCodes(user.body).expirationDate).toEqual(['DATE_OUT_OF_RANGE']);
    const trpc = await trpcGet(w.c.admin, 'worksheet.list', { exported: true, from: '0000-01-01' });
    expectStatus(trpc, 400);
    expect(trpc.body).toMatchObject({ error: { data: { errorCodes: { from: [{ code: 'DATE_OUT_OF_RANGE' }] } } } });
  });

  it('the bounds themselves are accepted', async () => {
    const entry = await createEntry({ date: '1900-01-01' });
    expectStatus(entry, 201);
    expect((await w.c.admin.get('/api/worksheet?exported=true&from=1900-01-01&to=2999-12-31')).status).toBe(200);
  });
});

describe('quantity takes only the decimal forms of spec §5 (issue 8 §2)', () => {
  it.each(['0x10', '1e2', 'Infinity', '1 2', '12abc'])('refuses %j', async (quantity) => {
    const res = await createEntry({ quantity });
    expectStatus(res, 400);
    expect(fieldCodes(res.body).quantity).toEqual(['MUST_BE_NUMBER']);
  });

  it('accepts a decimal comma, surrounding spaces and a JSON number', async () => {
    const comma = await createEntry({ quantity: ' 1,5 ' });
    expectStatus(comma, 201);
    expect(comma.body.quantity).toBe(1.5);
    const json = await w.c.basicA.post('/api/worksheet', { ...itemEntry(), quantity: 2.25 });
    expectStatus(json, 201);
    expect(json.body.quantity).toBe(2.25);
  });
});

async function download(client: WorksheetWorld['c']['basicA'], path: string) {
  const res = await fetch(client.baseUrl + path, { headers: client.cookie ? { Cookie: client.cookie } : {} });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** A PNG of width × height 1-bit grey pixels, written by hand: ~100 KB for 30 000², made in well under a second. */
async function pixelBomb(side: number): Promise<Uint8Array> {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, filter 0, no interlace
  // Rows of filter byte 0 + black pixels, fed in blocks of 1 000 rows.
  const block = Buffer.alloc((1 + Math.ceil(side / 8)) * 1000);
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (b: Buffer) => parts.push(b));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  for (let y = 0; y < side; y += 1000) deflate.write(block.subarray(0, (block.length / 1000) * Math.min(1000, side - y)));
  deflate.end();
  await done;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', Buffer.concat(parts)), chunk('IEND', Buffer.alloc(0))]));
}

describe('uploads (issue 8 §7)', () => {
  it('strips EXIF (GPS included) from the stored original and applies the orientation, full size', async () => {
    const photo = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#36a' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 40/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '12/1 34/1 56/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from('PhoneCo'))).toBe(true);

    const res = await createEntry({}, w.c.basicA, [{ name: 'phone.jpg', data: new Uint8Array(photo), type: 'image/jpeg' }]);
    expectStatus(res, 201);
    const file = await download(w.c.basicA, `/api/attachment/${res.body.id}/${res.body.attachments[0]!.id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    const after = await sharp(file.body).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation ?? 1).toBe(1);
    expect(file.body.includes(Buffer.from('PhoneCo'))).toBe(false);
    // Orientation 6 is a quarter turn: the upright image is 32 wide and 64 high, at full size.
    expect([after.width, after.height]).toEqual([32, 64]);
  });

  it('keeps an image without metadata byte for byte', async () => {
    const plain = await png(40, 30);
    const res = await createEntry({}, w.c.basicA, [{ name: 'plain.png', data: plain }]);
    expectStatus(res, 201);
    const file = await download(w.c.basicA, `/api/attachment/${res.body.id}/${res.body.attachments[0]!.id}`);
    expect(Buffer.compare(file.body, Buffer.from(plain))).toBe(0);
  });

  it('refuses a 30 000 × 30 000 PNG (~100 KB) with 413 from its header, before decoding it', async () => {
    const bomb = await pixelBomb(30_000);
    expect(bomb.byteLength).toBeLessThan(500_000);
    const count = async () =>
      (
        await app.db
          .selectFrom('worksheetRecord')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const records = Number(await count());
    const res = await createEntry({}, w.c.basicA, [{ name: 'bomb.png', data: bomb }]);
    expectStatus(res, 413);
    expect(res.body.code).toBe('TOO_MANY_PIXELS');
    expect(Number(await count())).toBe(records);
  });

  it('stores and serves a PNG named x.html with the extension of its real type', async () => {
    const res = await createEntry({}, w.c.basicA, [{ name: 'x.html', data: await png(), type: 'text/html' }]);
    expectStatus(res, 201);
    expect(res.body.attachments[0]!.fileName).toBe('x.html.png');
    const file = await download(w.c.basicA, `/api/attachment/${res.body.id}/${res.body.attachments[0]!.id}`);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toContain('filename="x.html.png"');
    // A name stored before this fix is served with its real extension too.
    await app.db.updateTable('attachment').set({ fileName: 'old.html' }).where('id', '=', res.body.attachments[0]!.id).execute();
    const old = await download(w.c.basicA, `/api/attachment/${res.body.id}/${res.body.attachments[0]!.id}`);
    expect(old.headers.get('content-disposition')).toContain('filename="old.html.png"');
    // A matching extension in any case is kept.
    const jpg = await createEntry({}, w.c.basicA, [
      {
        name: 'Foto.JPEG',
        data: new Uint8Array(
          await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
            .jpeg()
            .toBuffer(),
        ),
      },
    ]);
    expect(expectOk(jpg).attachments[0]?.fileName).toBe('Foto.JPEG');
  });
});

describe('history only where canViewHistory (issue 8 §9)', () => {
  it('the Basic owner gets 403 for their own record; a Teamleader sees it once someone other than the owner changed it', async () => {
    const rec = (await createEntry({ description: 'for history' })).body as Rec;
    expect(rec.canViewHistory).toBe(false);
    const own = await w.c.basicA.get(`/api/worksheet/${rec.id}/history`);
    expectStatus(own, 403);
    expect(own.body.code).toBe('FORBIDDEN');
    expect((await trpcGet(w.c.basicA, 'worksheet.history', { id: rec.id })).status).toBe(403);
    // Unmodified by anyone else: nobody's view yet.
    expect((await w.c.leadA.get(`/api/worksheet/${rec.id}/history`)).status).toBe(403);
    // Another account's admin: 404, as for any record they cannot see.
    expect((await w.c.otherAdmin.get(`/api/worksheet/${rec.id}/history`)).status).toBe(404);

    const edit = await w.c.leadA.request('PUT', '/api/worksheet', form({ ...itemEntry({ description: 'changed by the leader' }), id: rec.id, version: rec.version }));
    expectStatus(edit, 200);
    expect(edit.body.canViewHistory).toBe(true);
    const lead = await w.c.leadA.get(`/api/worksheet/${rec.id}/history`);
    expectStatus(lead, 200);
    expect((lead.body as Rec[]).map((h) => h.action)).toEqual(['create', 'update']);
    expect((await w.c.admin.get(`/api/worksheet/${rec.id}/history`)).status).toBe(200);
    // The owner still may not: edit history is a Teamleader view.
    expect(expectOk(await w.c.basicA.get(`/api/worksheet/${rec.id}`)).canViewHistory).toBe(false);
    expect((await w.c.basicA.get(`/api/worksheet/${rec.id}/history`)).status).toBe(403);
  });
});
