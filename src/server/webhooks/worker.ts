import { Webhook } from 'standardwebhooks';
import { claimDue, recordFailure, recordSuccess, type ClaimedDelivery } from '../../../db/queries/webhooks';
import type { AppServices } from '../context';
import { countWebhook } from '../metrics';
import { assertPublicUrl, endpointSecret } from '../services/webhooks';

/**
 * The delivery worker (issue 13 point 6, decision 0133). Runs in every server process; instances
 * share the work through `FOR UPDATE SKIP LOCKED` claims with a lease (`locked_until`), and the
 * HTTP calls run outside any transaction. At-least-once: a crash after the receiver answered but
 * before we recorded it sends the same message (same webhook-id) again after the lease.
 */

/** Waits after the 1st, 2nd, … failed attempt (Standard Webhooks' suggested schedule): 27.7 h in all. */
export const RETRY_SCHEDULE_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600];
/** An endpoint failing this long is disabled. */
export const DISABLE_AFTER_SECONDS = 24 * 3600;
const LEASE_SECONDS = 60;
const BATCH = 20;
const TIMEOUT_MS = 10_000;

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

export function startWebhookWorker(services: AppServices, opts: WebhookWorkerOptions = {}): WebhookWorker {
  const pollMs = opts.pollMs ?? envNumber('WEBHOOKS_POLL_MS', 1000);
  const scale = opts.timeScale ?? envNumber('WEBHOOKS_TIME_SCALE', 1);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  async function deliver(d: ClaimedDelivery): Promise<void> {
    let status: number | null = null;
    try {
      const secret = endpointSecret(services.secret, d.secretEnc);
      if (!secret) throw new Error('The signing secret cannot be read (APP_SECRET changed?)');
      await assertPublicUrl(d.url);
      const body = JSON.stringify({ type: d.eventType, timestamp: new Date(d.messageCreatedAt).toISOString(), data: d.payload });
      const now = new Date();
      const signature = new Webhook(secret).sign(d.messageId, now, body);
      const res = await fetch(d.url, {
        method: 'POST',
        redirect: 'manual',
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
      status = res.status;
      await res.body?.cancel();
      if (status < 200 || status >= 300) throw new Error(`HTTP ${status}`);
      await recordSuccess(services.db, d, status);
      countWebhook('succeeded');
    } catch (error) {
      const wait = RETRY_SCHEDULE_SECONDS[d.attempts];
      const retryAt = wait === undefined ? null : new Date(Date.now() + wait * 1000 * scale);
      countWebhook(retryAt ? 'retry' : 'failed');
      const message = error instanceof Error ? (error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message) : String(error);
      await recordFailure(services.db, d, status, message, retryAt, DISABLE_AFTER_SECONDS * scale).catch((err: unknown) => services.log.error({ err }, 'webhook: recording a failure failed'));
    }
  }

  async function tick(): Promise<void> {
    for (;;) {
      if (stopped) return;
      const batch = await claimDue(services.db, BATCH, LEASE_SECONDS);
      if (batch.length === 0) return;
      await Promise.all(batch.map(deliver));
      if (batch.length < BATCH) return;
    }
  }

  function schedule(delay: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (running) return schedule(pollMs);
      running = tick()
        .catch((err: unknown) => {
          if (!stopped) services.log.error({ err }, 'webhook worker tick failed');
        })
        .finally(() => {
          running = null;
          schedule(pollMs);
        });
    }, delay);
    timer.unref();
  }
  schedule(pollMs);

  return {
    kick: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
