import type { Query, QueryClient } from '@tanstack/react-query';
import { isNetworkError } from './errors';

/*
 * Recovery after the server was out of reach (issue 22 §7, decision 0207). TanStack Query's own
 * triggers (window focus, the browser's `online` event) do not fire when the browser stays online
 * and only our server is down or restarting: the lists stayed on "shows here when the connection
 * returns" until a reload. Here: every shown query that failed for want of an answer is asked
 * again with back-off (1 s, 2 s, 4 s … at most 15 s) while the page is visible, and at once on
 * focus, `online` and the page becoming visible. When the server answers again, the
 * `webtid:server-back` event tells the outbox (features/worksheet/offline/outbox.ts) to send what waits.
 */

export const SERVER_BACK_EVENT = 'webtid:server-back';
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 15_000;

const unreachable = (q: Query) => q.state.status === 'error' && isNetworkError(q.state.error) && q.getObserversCount() > 0;

let retryNow: (() => void) | null = null;

/** Asks the failed queries again now (a "Retry" button). */
export function retryUnreachable(): void {
  retryNow?.();
}

/** The back-off delay of the n-th try (0-based). */
export const backoffDelay = (attempt: number) => Math.min(FIRST_DELAY_MS * 2 ** attempt, MAX_DELAY_MS);

/** Starts watching the query cache; once per page. Returns a stop function (tests). */
export function startRecovery(client: QueryClient): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const cache = client.getQueryCache();
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let failed = false;

  const failing = () => cache.findAll({ predicate: unreachable });
  const visible = () => document.visibilityState !== 'hidden';

  const schedule = () => {
    if (timer !== undefined || running || failing().length === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      void tryNow();
    }, backoffDelay(attempt));
    attempt += 1;
  };

  const tryNow = async () => {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (running || !visible()) return;
    const list = failing();
    if (list.length === 0) return;
    running = true;
    try {
      await client.refetchQueries({ predicate: unreachable, type: 'active' });
    } finally {
      running = false;
    }
    schedule();
  };

  const unsubscribe = cache.subscribe((event) => {
    if (event.type !== 'updated') return;
    const action = event.action as { type: string; error?: unknown };
    if (action.type === 'error' && isNetworkError(action.error)) {
      failed = true;
      schedule();
    } else if (action.type === 'success' && failed) {
      // An answer after failures: the server is back.
      failed = false;
      attempt = 0;
      window.dispatchEvent(new Event(SERVER_BACK_EVENT));
      void tryNow();
    }
  });

  const soon = () => {
    attempt = 0;
    void tryNow();
  };
  const onVisibility = () => {
    if (visible()) soon();
  };
  window.addEventListener('online', soon);
  window.addEventListener('focus', soon);
  document.addEventListener('visibilitychange', onVisibility);
  retryNow = soon;
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
    window.removeEventListener('online', soon);
    window.removeEventListener('focus', soon);
    document.removeEventListener('visibilitychange', onVisibility);
    retryNow = null;
  };
}
