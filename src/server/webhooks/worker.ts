import { Webhook } from 'standardwebhooks';
import { isIP } from 'node:net';
import { request } from 'undici';
import { claimDue, recordFailure, recordSuccess, type ClaimedDelivery } from '../../../db/queries/webhooks';
import type { AppServices } from '../context';
import { countWebhook } from '../metrics';
import { endpointSecret } from '../services/webhooks';
import { pinnedAgent, vetHost } from './egress';

/**
 * The delivery worker (issue 13 point 6, decision 0133; fair queue and pinned egress: issue 21, decision 0190). Runs in every server process; instances
 * share the work through `FOR UPDATE SKIP LOCKED` claims with a lease (`locked_until`), and the
 * HTTP calls run outside any transaction. At-least-once: a crash after the receiver answered but
 * before we recorded it sends the same message (same webhook-id) again after the lease.
 */

/** Waits after the 1st, 2nd, … failed attempt (Standard Webhooks' suggested schedule): 27.7 h in all. */
export const RETRY_SCHEDULE_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600];
/** An endpoint failing this long is disabled. */
export const DISABLE_AFTER_SECONDS = 24 * 3600;
const LEASE_SECONDS = 60;
const TIMEOUT_MS = 10_000;
/** Deliveries in flight in one process, in all. */
const MAX_IN_FLIGHT = 32;
/** Deliveries in flight per endpoint and per account, across every instance (decision 0190). */
const PER_ENDPOINT = 2;
const PER_ACCOUNT = 8;

export interface WebhookWorkerOptions {
  pollMs?: number;
  /** Multiplies the retry schedule and the disable window (tests use a tiny factor). */
  timeScale?: number;
}

export interface WebhookWorker {
  /** Look for due deliveries now (after an enqueue in this process). */
  kick(): void;
  /** Stops polling and waits for the deliveries in flight. */
  stop(): Promise<void>;
}

const envNumber = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};

/** One line for the delivery's last error: the message and its cause's (undici wraps connect errors). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : null;
  return cause && cause.message !== error.message ? `${error.message}: ${cause.message}` : error.message;
}

/**
 * The worker: no batches. Each delivery runs on its own; a freed slot claims the next due ones at
 * once. Claims are fair (db/queries/webhooks.ts claimDue): an endpoint holds at most PER_ENDPOINT
 * deliveries in flight and an account PER_ACCOUNT, across instances, so a receiver that hangs for
 * its 10 s timeout only ever holds its own slots and other accounts' deliveries go out at the next
 * poll. Every connection goes through the pinned Agent (./egress.ts): resolved once, checked,
 * connected to exactly the checked address.
 */
export function startWebhookWorker(services: AppServices, opts: WebhookWorkerOptions = {}): WebhookWorker {
  const pollMs = opts.pollMs ?? envNumber('WEBHOOKS_POLL_MS', 1000);
  const scale = opts.timeScale ?? envNumber('WEBHOOKS_TIME_SCALE', 1);
  const agent = pinnedAgent(services.resolveHost);
  const allowed = process.env.WEBHOOKS_ALLOW_PRIVATE?.trim();
  if (allowed && allowed.toLowerCase() !== 'false') services.log.warn({ networks: allowed }, 'webhooks may be delivered to these internal networks (WEBHOOKS_ALLOW_PRIVATE)');
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let claiming: Promise<void> | null = null;
  let again = false;
  const inFlight = new Set<Promise<void>>();

  async function deliver(d: ClaimedDelivery): Promise<void> {
    let status: number | null = null;
    try {
      const secret = endpointSecret(services.secret, d.secretEnc);
      if (!secret) throw new Error('The signing secret cannot be read (APP_SECRET changed?)');
      const url = new URL(d.url);
      // Node's net skips `lookup` for an IP literal, so the literal is checked here; names are checked in the Agent's lookup.
      if (isIP(url.hostname.replace(/^\[|\]$/g, ''))) await vetHost(url.hostname);
      const body = JSON.stringify({ type: d.eventType, timestamp: new Date(d.messageCreatedAt).toISOString(), data: d.payload });
      const now = new Date();
      const signature = new Webhook(secret).sign(d.messageId, now, body);
      // undici's request never follows a redirect: a 3xx is an answer, and not a 2xx.
      const res = await request(url, {
        method: 'POST',
        dispatcher: agent,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'NS-Webtid-Webhooks/1',
          'webhook-id': d.messageId,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body,
      });
      status = res.statusCode;
      await res.body.dump().catch(() => {});
      if (status < 200 || status >= 300) throw new Error(`HTTP ${status}`);
      await recordSuccess(services.db, d, status);
      countWebhook('succeeded');
    } catch (error) {
      const wait = RETRY_SCHEDULE_SECONDS[d.attempts];
      const retryAt = wait === undefined ? null : new Date(Date.now() + wait * 1000 * scale);
      countWebhook(retryAt ? 'retry' : 'failed');
      const message = describe(error);
      services.log.warn(
        { endpointId: d.endpointId, accountId: d.accountId, deliveryId: d.id, messageId: d.messageId, attempt: d.attempts + 1, status, error: message, retryAt },
        'webhook delivery failed',
      );
      await recordFailure(services.db, d, status, message, retryAt, DISABLE_AFTER_SECONDS * scale).catch((err: unknown) =>
        services.log.error({ err }, 'webhook: recording a failure failed'),
      );
    }
  }

  /** Claims as many due deliveries as there are free slots and starts them; repeats while full claims come back. */
  async function fill(): Promise<void> {
    for (;;) {
      const free = MAX_IN_FLIGHT - inFlight.size;
      if (stopped || free <= 0) return;
      const batch = await claimDue(services.db, { limit: free, perEndpoint: PER_ENDPOINT, perAccount: PER_ACCOUNT, lockSeconds: LEASE_SECONDS });
      for (const d of batch) {
        const p: Promise<void> = deliver(d).finally(() => {
          inFlight.delete(p);
          // A freed slot may be taken at once (the endpoint's next delivery, or another account's).
          poke();
        });
        inFlight.add(p);
      }
      if (batch.length < free) return;
    }
  }

  function poke(): void {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = fill()
      .catch((err: unknown) => {
        if (!stopped) services.log.error({ err }, 'webhook worker claim failed');
      })
      .finally(() => {
        claiming = null;
        if (again) {
          again = false;
          poke();
        }
      });
  }

  function schedule(delay: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      poke();
      schedule(pollMs);
    }, delay);
    timer.unref();
  }
  schedule(pollMs);

  return {
    kick: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await claiming;
      await Promise.all([...inFlight]);
      await agent.close().catch(() => {});
    },
  };
}
