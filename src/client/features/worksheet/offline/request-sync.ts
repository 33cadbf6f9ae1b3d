import { OUTBOX_SYNC_TAG } from './outbox-names';

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
