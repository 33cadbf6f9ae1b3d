/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { OUTBOX_SYNC_TAG, type OutboxSyncedMessage } from './features/worksheet/offline/outbox-names';
import { syncOutbox } from './features/worksheet/offline/outbox-sync';

/*
 * The service worker (issue 14, decisions 0150 and 0155), built by vite-plugin-pwa's
 * `injectManifest` (scripts/vite-pwa.js), which fills in `self.__WB_MANIFEST`:
 *
 * - App shell: the built client (HTML, JS, CSS, icons, manifest) and the Danish catalogue are
 *   precached, so the app opens with no network. A navigation (/, /worksheet/add, …) is answered
 *   with the precached index.html and the client router renders the page; the server's own paths
 *   never are.
 * - NO API answer is cached: /api/*, /healthz, /livez, /readyz, /docs, /openapi and the attachment downloads always
 *   go to the network. The only runtime cache holds the public message catalogues
 *   (/locales/{lang}.json, the same text for every user).
 * - Background Sync: on the outbox's `sync` event the worker sends the waiting entries of the user
 *   whose session cookie it holds (src/client/features/worksheet/offline/outbox-sync.ts), even with no tab open, and
 *   tells the open tabs what went.
 *
 * Updates: a new worker installs in the background and waits until every tab of the app has been
 * closed (no skipWaiting), so a running page never gets its lazily loaded chunks swapped under
 * it. `clientsClaim` only matters for the very first install: the page that installed it is
 * controlled at once, so going offline right after the first visit already works.
 */
declare const self: ServiceWorkerGlobalScope;

/** Paths the server answers itself; never answered with index.html. */
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/(healthz|livez|readyz)/, /^\/docs(\/|$)/, /^\/locales\//, /^\/openapi/];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }));
registerRoute(
  ({ url }) => url.origin === self.location.origin && /^\/locales\/[a-z]{2}\.json$/.test(url.pathname),
  new StaleWhileRevalidate({ cacheName: 'webtid-locales', plugins: [new ExpirationPlugin({ maxEntries: 4 })] }),
);
clientsClaim();

/** The `sync` event of Background Sync (not in TypeScript's webworker lib). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

async function syncRound(): Promise<void> {
  const result = await syncOutbox({ fetch: (path, init) => fetch(new URL(path, self.location.origin), init) });
  if (result.owner !== null && (result.sent > 0 || result.refused > 0)) {
    const message: OutboxSyncedMessage = { type: 'webtid-outbox-synced', owner: result.owner, sent: result.sent, refused: result.refused };
    for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
  }
  // A round cut off by the connection: rejecting asks the browser to fire the sync again later.
  if (result.stopped === 'network') throw new Error('Outbox sync: the connection dropped; the browser retries');
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(syncRound());
});
