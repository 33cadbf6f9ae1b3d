/*
 * A route's code comes as a lazy chunk (autoCodeSplitting). When its import fails, TanStack
 * Router's lazyRouteComponent reloads the whole page once, assuming a new deployment replaced the
 * chunks. With the server down that reload ends on the browser's own "This site can't be
 * reached" page, and the app is gone (issue 10 §7). So a failed chunk is first marked as already
 * reloaded (TanStack's own sessionStorage key), which makes the route show the app's error page
 * with Retry instead; only when the server answers (a deployment, not an outage) is the page
 * reloaded, at most once a minute per chunk.
 */

const ROUTER_RELOAD_KEY = 'tanstack_router_reload:';
const OWN_RELOAD_KEY = 'webtid_chunk_reload:';
const RELOAD_GUARD_MS = 60_000;
/** What Chromium, Firefox and Safari say of a failed import() or module preload. */
const CHUNK_ERROR = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** True when the server answers at all (any status): the network and the server are up. */
export async function serverReachable(): Promise<boolean> {
  try {
    await fetch('/healthz', { cache: 'no-store', credentials: 'same-origin' });
    return true;
  } catch {
    return false;
  }
}

/** A route chunk (JavaScript module or its CSS) that could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

function session(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Reloads the page for a chunk that failed while the server answers, unless that was just tried. */
async function reloadIfDeployed(message: string): Promise<void> {
  if (!(await serverReachable())) return;
  const store = session();
  const last = Number(store?.getItem(OWN_RELOAD_KEY + message) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return;
  store?.setItem(OWN_RELOAD_KEY + message, String(Date.now()));
  window.location.reload();
}

export function installChunkErrorHandling(): void {
  // Vite's preload helper announces every failed dynamic import (and its CSS) with this event.
  window.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (!(error instanceof Error)) return;
    session()?.setItem(ROUTER_RELOAD_KEY + error.message, '1');
    void reloadIfDeployed(error.message);
  });
}
