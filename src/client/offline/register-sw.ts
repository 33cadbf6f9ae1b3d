import { OUTBOX_SYNC_TAG } from '../features/worksheet/offline/outbox-names';

/*
 * Registers the service worker (src/client/sw.ts, built by vite-plugin-pwa; decision 0150), in
 * production builds only: under the dev server there is no sw.js and a worker would serve stale
 * modules. A new version installs in the background and takes over once every tab of the app is
 * closed.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  // After the load, so the first visit's own requests go first.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Background Sync's part of a registration (Chromium; not in TypeScript's DOM lib). */
interface SyncCapable {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * Asks the browser to wake the service worker when the connection is back (Background Sync,
 * issue 14 §3), so waiting entries are sent even if the app is closed by then. Resolves false where
 * the browser has no Background Sync (Firefox, Safari): there the tabs' own triggers (app start,
 * `online`, focus, "Send now") send.
 */
export async function requestOutboxSync(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  try {
    const registration = (await navigator.serviceWorker.getRegistration()) as (ServiceWorkerRegistration & SyncCapable) | undefined;
    if (!registration?.sync) return false;
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
