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
 * The service worker (issue 14 §1 and §3, decisions 0150 and 0155) is our own source,
 * src/client/sw.ts, built by Workbox's `injectManifest`: the plugin bundles it (Workbox's
 * precaching and routing modules, and the outbox's Background Sync round) and fills in the list of
 * files to precache. What it caches and for whom is written there.
 *
 * The manifest stays public/manifest.webmanifest (decision on installability): `manifest: false`
 * makes the plugin produce none of its own. The client registers /sw.js itself in production
 * builds (src/client/offline/register-sw.ts), so no register script is injected.
 */
export function pwaPlugin() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/client',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    includeManifestIcons: false,
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,ico,png,svg,webmanifest,woff2}'],
      // The Danish catalogue the client fetches (decision 0171) is served by the server, not a
      // file of the build; precached like the build, so a Danish user reads Danish offline.
      additionalManifestEntries: [{ url: '/locales/da.json', revision: catalogueRevision('da') }],
      // A classic script: every browser with service workers runs it.
      rollupFormat: 'iife',
      // No source maps next to sw.js: the server serves every file of dist/client (decision 0081).
      sourcemap: false,
    },
  });
}
