import { VitePWA } from 'vite-plugin-pwa';

/*
 * The service worker (issue 14 §1, decision 0150): Workbox `generateSW` precaches the built client
 * (HTML, JS, CSS, icons, manifest) so that the app shell opens with no network. It caches NO API
 * answers: there is no runtime caching at all, so /api/*, /healthz, /docs, /locales and the
 * attachment downloads always go to the network. A navigation (/, /worksheet/add, …) is answered
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
      navigateFallback: '/index.html',
      navigateFallbackDenylist: SERVER_PATHS,
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: false,
      // No source maps next to sw.js: the server serves every file of dist/client (decision 0081).
      sourcemap: false,
    },
  });
}
