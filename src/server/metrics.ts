import type { IncomingMessage, ServerResponse } from 'node:http';
import { webhookOutbox } from '../../db/queries/metrics';
import type { AppServices } from './context';

/**
 * Prometheus metrics (issue 21 §5, decision 0195). Off unless METRICS_PORT is set: then prom-client
 * is loaded (dynamic import, so an install without metrics never loads it) and served on a
 * listener of its own, never on the public port. Counters are recorded through the functions
 * below, which do nothing while metrics are off.
 */
export interface MetricsSink {
  request(method: string, route: string, status: string, seconds: number): void;
  login(outcome: 'failed' | 'locked'): void;
  webhook(outcome: 'succeeded' | 'retry' | 'failed'): void;
}

let sink: MetricsSink | null = null;

/** Whether requests are counted (metrics enabled): when not, and the log is quieter than info, nobody waits for a request's end. */
export function countingRequests(): boolean {
  return sink !== null;
}
/** One HTTP request finished (or was aborted: status 'aborted'). */
export function countRequest(method: string, route: string, status: string, seconds: number): void {
  sink?.request(method, route, status, seconds);
}
/** A login refused for a wrong name/password ('failed') or a lock ('locked'). */
export function countLogin(outcome: 'failed' | 'locked'): void {
  sink?.login(outcome);
}
/** A webhook delivery attempt ended. */
export function countWebhook(outcome: 'succeeded' | 'retry' | 'failed'): void {
  sink?.webhook(outcome);
}

export const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface MetricsEndpoint {
  /** Answers GET /metrics in Prometheus' text format. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  stop(): void;
}

export async function enableMetrics(services: AppServices, version: { version: string; commit: string }): Promise<MetricsEndpoint> {
  const prom = await import('prom-client');
  const register = new prom.Registry();
  prom.collectDefaultMetrics({ register, prefix: 'webtid_' });

  new prom.Gauge({ name: 'webtid_build_info', help: 'The running build (always 1)', labelNames: ['version', 'commit'], registers: [register] }).set(version, 1);
  const duration = new prom.Histogram({
    name: 'webtid_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status (status "aborted": the client went away first); _count is the request count',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [register],
  });
  const logins = new prom.Counter({
    name: 'webtid_login_refusals_total',
    help: 'Refused logins: outcome "failed" (wrong name or password) or "locked" (throttled)',
    labelNames: ['outcome'],
    registers: [register],
  });
  const webhooks = new prom.Counter({
    name: 'webtid_webhook_deliveries_total',
    help: 'Webhook delivery attempts by this instance: succeeded, retry (failed, tried again later) or failed (given up)',
    labelNames: ['outcome'],
    registers: [register],
  });
  const pg = services.dbh.pg?.pool;
  new prom.Gauge({
    name: 'webtid_db_pool_connections',
    help: 'PostgreSQL pool: connections in use, idle, and queries waiting for a connection (embedded database: none)',
    labelNames: ['state'],
    registers: [register],
    collect() {
      if (!pg) return;
      this.set({ state: 'in_use' }, pg.totalCount - pg.idleCount);
      this.set({ state: 'idle' }, pg.idleCount);
      this.set({ state: 'waiting' }, pg.waitingCount);
    },
  });
  new prom.Gauge({ name: 'webtid_db_pool_max', help: 'PostgreSQL pool size (PGPOOL_MAX)', registers: [register] }).set(pg ? services.env.PGPOOL_MAX : 0);
  // The outbox is shared by all instances: every instance reports the same numbers.
  const outbox = new prom.Gauge({
    name: 'webtid_webhook_outbox',
    help: 'Webhook deliveries waiting: state "pending" (all) and "due" (their time has come)',
    labelNames: ['state'],
    registers: [register],
  });
  const lag = new prom.Gauge({
    name: 'webtid_webhook_outbox_oldest_due_seconds',
    help: 'How long the oldest due webhook delivery has waited past its time',
    registers: [register],
  });
  let outboxRead: Promise<void> | null = null;
  const readOutbox = async () => {
    try {
      const o = await webhookOutbox(services.db);
      outbox.set({ state: 'pending' }, o.pending);
      outbox.set({ state: 'due' }, o.due);
      lag.set(o.oldestDueSeconds);
    } catch (err) {
      services.log.warn({ err }, 'metrics: the webhook outbox could not be read');
    }
  };

  sink = {
    request: (method, route, status, seconds) => duration.observe({ method: METHODS.has(method) ? method : 'other', route, status }, seconds),
    login: (outcome) => logins.inc({ outcome }),
    webhook: (outcome) => webhooks.inc({ outcome }),
  };
  for (const o of ['failed', 'locked'] as const) logins.inc({ outcome: o }, 0);
  for (const o of ['succeeded', 'retry', 'failed'] as const) webhooks.inc({ outcome: o }, 0);

  return {
    async handle(req, res) {
      const path = (req.url ?? '/').split('?')[0];
      if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: metrics are at /metrics\n');
        return;
      }
      // Two scrapes at once share one query.
      await (outboxRead ??= readOutbox().finally(() => (outboxRead = null)));
      const body = await register.metrics();
      res.writeHead(200, { 'Content-Type': register.contentType, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
    stop() {
      sink = null;
      register.clear();
    },
  };
}
