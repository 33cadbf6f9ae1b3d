/* global process, console, Buffer */
// The node + pg limit of the request benches (issue 25 §6, bench/limits.ts): node:http plus a
// `pg` pool of the app's size, doing exactly the database work of the app's request with the
// app's own SQL (passed in LIMIT_CONFIG as JSON) and answering with the app's headers — and
// nothing else: no router, no validation, no framework. What the app reaches of this process's
// req/s is what the app's own code costs; what it does not reach is not the machine's fault.
//   GET  /info    session look-up (named prepared statement, as the app), the user as JSON
//   GET  /list    session look-up, the first page's SQL, the page's attachments, JSON.stringify
//   POST /create  session look-up, then the minimal transaction of a create: BEGIN, reference
//                 look-up, INSERT … RETURNING *, history row, outbox row, COMMIT
import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';

const config = JSON.parse(process.env.LIMIT_CONFIG ?? '{}');
const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.poolSize ?? 10 });
const headers = { ...config.headers, 'Content-Type': 'application/json; charset=utf-8' };

const cookieToken = (cookie) => /(?:^|;\s*)[^=]+=([^;]+)/.exec(cookie ?? '')?.[1] ?? '';

async function session(req) {
  const id = createHash('sha256').update(cookieToken(req.headers.cookie), 'utf8').digest('hex');
  const { rows } = await pool.query({ name: 'limit_session', text: config.sessionSql, values: [id] });
  return rows[0];
}

function send(res, status, body) {
  res.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function info(req, res) {
  const s = await session(req);
  if (!s) return send(res, 401, '{}');
  send(
    res,
    200,
    JSON.stringify({
      username: s.username,
      accountId: s.account_id,
      accountName: s.account_name,
      profileType: s.profile_type,
      teamCode: s.team_code,
      languageCode: s.language_code,
      resourceUnits: s.resource_units,
    }),
  );
}

async function list(req, res) {
  const s = await session(req);
  if (!s) return send(res, 401, '{}');
  const { rows } = await pool.query({ name: 'limit_list', text: config.list.sql, values: config.list.parameters });
  const ids = `{${rows.map((r) => r.id).join(',')}}`;
  const refs = await pool.query({ name: 'limit_refs', text: config.list.refsSql, values: [ids] });
  send(res, 200, JSON.stringify({ groups: rows, attachments: refs.rows }));
}

async function create(req, res) {
  const s = await session(req);
  if (!s) return send(res, 401, '{}');
  const f = JSON.parse(await readBody(req));
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const ref = (
      await client.query({
        name: 'limit_refs_lookup',
        text: config.create.lookupSql,
        values: [
          s.account_id,
          f.username.toLowerCase(),
          f.jobCode,
          f.customerNo ?? '',
          f.jobTaskCode ?? '',
          f.locationCode ?? '',
          f.workTypeCode ?? '',
          f.unitType === 'Item' ? f.unitNo : '',
          f.unitType === 'Resource' ? f.unitNo : '',
          f.unitType,
          f.unitNo,
          f.unitOfMeasureCode,
        ],
      })
    ).rows[0];
    const values = [
      s.account_id,
      ref.userName,
      f.date,
      f.customerNo,
      ref.customerName,
      f.jobCode,
      ref.jobDescription,
      f.jobTaskCode,
      ref.taskDescription,
      f.locationCode,
      f.workTypeCode,
      ref.workTypeDescription,
      f.unitType,
      f.unitNo,
      f.unitType === 'Item' ? ref.itemDescription : ref.resourceDescription,
      f.description,
      f.timeFrom,
      f.timeTo,
      8.5,
      f.unitOfMeasureCode,
      ref.uomDescription,
      s.username,
      s.username,
      new Date(),
    ];
    const row = (await client.query({ name: 'limit_insert', text: config.create.insertSql, values })).rows[0];
    await client.query({
      name: 'limit_history',
      text: config.create.historySql,
      values: [s.account_id, row.id, s.username, JSON.stringify({ description: { from: null, to: f.description } })],
    });
    await client.query({
      name: 'limit_outbox',
      text: config.create.outboxSql,
      values: [s.account_id, `msg_${randomUUID().replaceAll('-', '')}`, JSON.stringify({ id: row.id, by: s.username })],
    });
    await client.query('COMMIT');
    send(res, 201, JSON.stringify(row));
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    send(res, 500, JSON.stringify({ error: String(error) }));
  } finally {
    client.release();
  }
}

const routes = { 'GET /info': info, 'GET /list': list, 'POST /create': create };
const server = createServer((req, res) => {
  const route = routes[`${req.method} ${req.url}`];
  if (!route) return send(res, 404, '{}');
  route(req, res).catch((error) => send(res, 500, JSON.stringify({ error: String(error) })));
});
server.listen(0, '127.0.0.1', () => console.log(`limit server running at http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
