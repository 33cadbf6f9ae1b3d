import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';

const MESSAGES_DIR = resolve(import.meta.dirname, '../messages');

/** A revision of a language's catalogue (every da.json under messages/), so a changed text is fetched again. */
function catalogueRevision(locale) {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name === `${locale}.json`) hash.update(readFileSync(join(dir, entry.name)));
    }
  };
  walk(MESSAGES_DIR);
  return hash.digest('hex').slice(0, 16);
}

/*
 * The service worker (issue 14 §1, decision 0150): Workbox `generateSW` precaches the built client
 * (HTML, JS, CSS, icons, manifest) so that the app shell opens with no network. It caches NO API
 * answers: /api/*, /healthz, /docs and the attachment downloads always go to the network. The
 * only runtime cache holds the public message catalogues (/locales/{lang}.json). A navigation (/, /worksheet/add, …) is answered
 * with the precached index.html and the client router renders the page; server paths are kept
 * out of that fallback.
 *
 * The manifest stays public/manifest.webmanifest (decision on installability): `manifest: false`
 * makes the plugin produce none of its own. The client registers /sw.js itself in production
 * builds (src/client/offline/register-sw.ts), so no register script is injected.
 *
 * Updates: a new service worker installs in the background and waits; it takes over when every
 * tab of the app has been closed (Workbox default, no skipWaiting), so a running page never gets
 * its lazily loaded chunks swapped under it. `clientsClaim` only matters for the very first
 * install: the page that installed it is controlled at once, so going offline right after the
 * first visit already works.
 */
export const SERVER_PATHS = [/^\/api(\/|$)/, /^\/healthz/, /^\/docs(\/|$)/, /^\/locales\//, /^\/openapi/];

export function pwaPlugin() {
  return VitePWA({
    strategies: 'generateSW',
    injectRegister: false,
    manifest: false,
    includeManifestIcons: false,
    filename: 'sw.js',
    workbox: {
      globPatterns: ['**/*.{js,css,html,ico,png,svg,webmanifest,woff2}'],
      // The Danish catalogue the client fetches (decision 0171) is served by the server, not a
      // file of the build; precached like the build, so a Danish user reads Danish offline.
      additionalManifestEntries: [{ url: '/locales/da.json', revision: catalogueRevision('da') }],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: SERVER_PATHS,
      // The one runtime cache: the message catalogues the client fetches for a non-base language
      // (/locales/da.json, decision 0171). They are the same public text for every user, so a
      // Danish user offline still reads Danish; refreshed in the background when online.
      runtimeCaching: [
        {
          urlPattern: ({ url }) => /^\/locales\/[a-z]{2}\.json$/.test(url.pathname),
          handler: 'StaleWhileRevalidate',
          options: { cacheName: 'webtid-locales', expiration: { maxEntries: 4 } },
        },
      ],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: false,
      // No source maps next to sw.js: the server serves every file of dist/client (decision 0081).
      sourcemap: false,
    },
  });
}
