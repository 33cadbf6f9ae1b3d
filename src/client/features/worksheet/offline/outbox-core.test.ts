import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { WorksheetFieldsOut } from '../ws-api';
import {
  editItem,
  enqueue,
  enqueueChange,
  opOf,
  flush,
  listItems,
  openOutbox,
  OUTBOX_MAX_ENTRIES,
  OUTBOX_MAX_PHOTO_BYTES,
  OutboxFullError,
  recoverSending,
  removeItem,
  type OutboxItem,
  type SendOutcome,
} from './outbox-core';

const fields = (description: string): WorksheetFieldsOut => ({
  date: '2026-11-23',
  customerNo: 'C1000',
  jobCode: 'J-1001',
  jobTaskCode: '100',
  locationCode: '',
  workTypeCode: '',
  unitType: 'Resource',
  unitNo: 'R03',
  description,
  timeFrom: '07:00',
  timeTo: '08:00',
  quantity: '1',
  unitOfMeasureCode: 'HOUR',
});
const photo = (bytes: number) => ({ name: 'p.png', type: 'image/png', blob: new Blob([new Uint8Array(bytes)], { type: 'image/png' }) });
let n = 0;
const fresh = () => openOutbox(`test-outbox-${++n}`);
const A = '1:alice';
const B = '1:bob';

/** A sender answering from a script, recording what was sent (description + key). */
function scripted(outcomes: SendOutcome[]) {
  const sent: { description: string; key: string }[] = [];
  const send = async (item: OutboxItem) => {
    sent.push({ description: item.fields.description, key: item.key });
    return outcomes.shift() ?? { kind: 'sent' as const };
  };
  return { sent, send };
}

describe('outbox', () => {
  it('sends oldest first, one at a time, and removes what was sent', async () => {
    const store = await fresh();
    for (const [i, d] of ['one', 'two', 'three'].entries()) await enqueue(store, A, fields(d), [], { now: 1000 + i });
    const { sent, send } = scripted([]);
    expect(await flush(store, A, send)).toEqual({ sent: 3, refused: 0, stopped: null });
    expect(sent.map((s) => s.description)).toEqual(['one', 'two', 'three']);
    expect(await listItems(store, A)).toEqual([]);
  });

  it('keeps the key across retries after a network failure and stops the round there', async () => {
    const store = await fresh();
    await enqueue(store, A, fields('one'), [], { now: 1 });
    await enqueue(store, A, fields('two'), [], { now: 2 });
    const { sent, send } = scripted([{ kind: 'network' }]);
    expect(await flush(store, A, send)).toMatchObject({ sent: 0, stopped: 'network' });
    expect(sent).toHaveLength(1);
    const [first] = await listItems(store, A);
    expect(first).toMatchObject({ state: 'waiting', attempts: 1, uncertain: true });
    await flush(store, A, send);
    expect(sent.map((s) => s.key)).toEqual([first!.key, first!.key, expect.any(String)]);
    expect(await listItems(store, A)).toEqual([]);
  });

  it('gives a changed request a new key, unless an earlier send may have reached the server', async () => {
    const store = await fresh();
    const item = await enqueue(store, A, fields('one'), []);
    const same = await editItem(store, A, item.id, fields('one'), []);
    expect(same.key).toBe(item.key);
    const changed = await editItem(store, A, item.id, fields('one, edited'), []);
    expect(changed.key).not.toBe(item.key);

    const lost = await enqueue(store, A, fields('lost'), [], { key: 'k-lost', uncertain: true });
    expect((await editItem(store, A, lost.id, fields('lost, edited'), [])).key).toBe('k-lost');
  });

  it('marks a refusal with the server problem, goes on with the next, and a fix sends it again', async () => {
    const store = await fresh();
    await enqueue(store, A, fields('inactive job'), [], { now: 1 });
    await enqueue(store, A, fields('task now mandatory'), [], { now: 2 });
    await enqueue(store, A, fields('big photo'), [photo(10)], { now: 3 });
    await enqueue(store, A, fields('fine'), [], { now: 4 });
    const { send } = scripted([
      { kind: 'refused', problem: { status: 400, message: 'Job No. cannot be: J-9', errors: { jobCode: ['Job No. cannot be: J-9'] } } },
      { kind: 'refused', problem: { status: 400, message: 'Validation failed', errors: { jobTaskCode: ['Required'] } } },
      { kind: 'refused', problem: { status: 413, message: 'File too large', errors: {} } },
    ]);
    expect(await flush(store, A, send)).toEqual({ sent: 1, refused: 3, stopped: null });
    const left = await listItems(store, A);
    expect(left.map((i) => [i.fields.description, i.state, i.problem?.status])).toEqual([
      ['inactive job', 'refused', 400],
      ['task now mandatory', 'refused', 400],
      ['big photo', 'refused', 413],
    ]);
    expect(left[1]!.problem!.errors).toEqual({ jobTaskCode: ['Required'] });
    // A refused item is not sent again by itself; fixed, it waits again with a new key.
    const again = scripted([]);
    await flush(store, A, again.send);
    expect(again.sent).toEqual([]);
    const fixed = await editItem(store, A, left[0]!.id, { ...fields('inactive job'), jobCode: 'J-2001' }, []);
    expect(fixed).toMatchObject({ state: 'waiting', problem: null });
    expect(fixed.key).not.toBe(left[0]!.key);
    await flush(store, A, again.send);
    expect(again.sent.map((s) => s.description)).toEqual(['inactive job']);
  });

  it('stops at a 401 and keeps everything waiting', async () => {
    const store = await fresh();
    await enqueue(store, A, fields('one'), []);
    await enqueue(store, A, fields('two'), []);
    const { send } = scripted([{ kind: 'unauthorized' }]);
    expect(await flush(store, A, send)).toMatchObject({ sent: 0, stopped: 'unauthorized' });
    expect((await listItems(store, A)).map((i) => i.state)).toEqual(['waiting', 'waiting']);
  });

  it("keeps users apart: one login never lists, sends, edits or deletes another user's items", async () => {
    const store = await fresh();
    const bobs = await enqueue(store, B, fields('bob'), []);
    await enqueue(store, A, fields('alice'), []);
    const { sent, send } = scripted([]);
    await flush(store, A, send);
    expect(sent.map((s) => s.description)).toEqual(['alice']);
    expect(await listItems(store, A)).toEqual([]);
    await expect(editItem(store, A, bobs.id, fields('x'), [])).rejects.toThrow();
    await removeItem(store, A, bobs.id);
    expect((await listItems(store, B)).map((i) => i.fields.description)).toEqual(['bob']);
  });

  it('bounds the entries and the photo bytes', async () => {
    const store = await fresh();
    await enqueue(store, A, fields('big'), [photo(OUTBOX_MAX_PHOTO_BYTES - 10)]);
    await expect(enqueue(store, A, fields('too much'), [photo(11)])).rejects.toEqual(new OutboxFullError('bytes'));
    await enqueue(store, A, fields('fits'), [photo(10)]);
    const other = await fresh();
    for (let i = 0; i < OUTBOX_MAX_ENTRIES; i++) await enqueue(other, i % 2 ? A : B, fields(`e${i}`), []);
    await expect(enqueue(other, A, fields('one more'), [])).rejects.toEqual(new OutboxFullError('entries'));
  });

  it('puts an item left sending by a closed tab back in line, as possibly sent', async () => {
    const store = await fresh();
    const item = await enqueue(store, A, fields('one'), []);
    await store.db.put('items', { ...item, state: 'sending' });
    await recoverSending(store, A);
    expect((await listItems(store, A))[0]).toMatchObject({ state: 'waiting', uncertain: true });
  });
});

describe('queued changes of stored entries (decision 0471)', () => {
  it('a change waits with its target and version; a second change of the same entry replaces it in its place, a clear makes it a removal', async () => {
    const store = await fresh();
    const created = await enqueue(store, A, fields('new one'), []);
    const up = await enqueueChange(store, A, 'update', { id: 7, version: 3 }, fields('changed'));
    expect(up).toMatchObject({ op: 'update', target: { id: 7, version: 3 }, state: 'waiting', photos: [] });
    const again = await enqueueChange(store, A, 'update', { id: 7, version: 3 }, { ...fields('changed'), quantity: '2' });
    expect(again.id).toBe(up.id);
    expect(again.key).not.toBe(up.key); // the first was never sent: a new request, a new key
    const cleared = await enqueueChange(store, A, 'delete', { id: 7, version: 3 }, fields('changed'));
    const items = await listItems(store, A);
    expect(items.map((i) => [opOf(i), i.id])).toEqual([
      ['create', created.id],
      ['delete', up.id],
    ]);
    expect(cleared.target).toEqual({ id: 7, version: 3 });
    // Another entry, or another user's, is an item of its own.
    await enqueueChange(store, A, 'update', { id: 8, version: 1 }, fields('other'));
    await enqueueChange(store, B, 'update', { id: 7, version: 3 }, fields('bob'));
    expect(await listItems(store, A)).toHaveLength(3);
  });

  it('a send that may have reached the server keeps its key; a refused change is remade on the version the worker now sees', async () => {
    const store = await fresh();
    const uncertain = await enqueueChange(store, A, 'update', { id: 9, version: 1 }, fields('lost answer'), { key: 'k-1', uncertain: true });
    expect((await enqueueChange(store, A, 'update', { id: 9, version: 1 }, fields('edited'))).key).toBe(uncertain.key);

    const refused = await enqueueChange(store, A, 'update', { id: 10, version: 1 }, fields('stale'));
    await flush(store, A, async () => ({ kind: 'refused', problem: { status: 409, message: 'stale', code: 'STALE', errors: {} } }));
    expect((await listItems(store, A)).find((i) => i.id === refused.id)?.state).toBe('refused');
    const remade = await enqueueChange(store, A, 'update', { id: 10, version: 2 }, fields('again'));
    expect(remade).toMatchObject({ id: refused.id, state: 'waiting', target: { id: 10, version: 2 }, problem: null });
  });
});
