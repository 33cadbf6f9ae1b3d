import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { pwaPlugin } from './scripts/vite-pwa.js';
import { clientMessages } from './scripts/client-messages.ts';
import { messageGroups } from './scripts/message-groups.ts';
import { routePreloads } from './scripts/route-preloads.ts';

// The API server (npm run dev) listens here; the Vite dev server proxies API calls to it.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';
// The server refuses cookie-carrying writes from another origin (CSRF guard), so the proxied
// requests present themselves as coming from the API server's own origin.
const proxy = { target: apiTarget, changeOrigin: true, headers: { origin: apiTarget } };

export default defineConfig({
  plugins: [
    // Compiles messages/ into src/shared/paraglide at the start of a build and again whenever a
    // message file changes under the dev server; the same output as `npm run i18n` (whose default
    // is one module per message, which the chunk grouping below relies on; the plugin's dev default differs).
    paraglideVitePlugin({ project: './project.inlang', outdir: './src/shared/paraglide', outputStructure: 'message-modules' }),
    // English in the bundle, other locales fetched from /locales/{lang}.json (decision 0171).
    clientMessages(fileURLToPath(new URL('.', import.meta.url))),
    // Must come before react(): it generates the route tree and splits route components.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/routeTree.gen.ts',
    }),
    react(),
    // The offline app shell: a Workbox service worker precaching the build (decision 0150).
    pwaPlugin(),
    // The layout's and the home page's chunks named in index.html (decision 0291).
    routePreloads([/[\\/]routes[\\/]_app\.tsx\?tsr-split=component/, /[\\/]routes[\\/]_app[\\/]index\.tsx\?tsr-split=component/]),
  ],
  css: {
    // Lightning CSS resolves the @custom-media breakpoints declared once in styles.css.
    transformer: 'lightningcss',
    lightningcss: { drafts: { customMedia: true } },
  },
  build: {
    // dist/client is served as it is; the compiled server goes to dist/server (never served).
    outDir: 'dist/client',
    cssMinify: 'lightningcss',
    // No source maps: the server serves every file of dist/client, and a map would hand out the
    // full source text (decision 0081).
    sourcemap: false,
    rolldownOptions: {
      // @trpc/client's package.json, unlike @trpc/server's, does not say "sideEffects": false; its
      // one top-level statement (the WebSocket link's connection counter) kept that unused link
      // in the entry chunk: 0.8 KB gzipped on every page (decision 0185).
      treeshake: { moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@trpc[\\/]client[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          // Paraglide makes one module per message; a message used by several route chunks
          // would otherwise become a 200-byte chunk of its own. Shared ones travel together,
          // those only the admin screens use in a chunk of their own (decision 0185).
          groups: [
            ...messageGroups(fileURLToPath(new URL('.', import.meta.url))),
            // The libraries every page runs (React, the router, TanStack Query, tRPC) in one chunk: left
            // to itself the bundler cut them into nine scripts (matchContext, useRouter, link, …), each
            // with its own imports and gzip framing: −3.1 KB gzipped and 6 requests fewer on `/`
            // (decision 0271).
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store|query-core|react-query)|@trpc|use-sync-external-store)[\\/]/,
              priority: 4,
            },
            // The app's own small modules that `/` runs anyway (the account, tRPC's client, the list's
            // data, drafts, the outbox's state, the error texts and limits and what they import): one
            // script instead of sixteen of 0.2–1.8 KB, each with its own imports, exports and gzip
            // framing (−4.8 KB gzipped on `/`, decision 0294). Other pages fetch it too; it is cached
            // after the first. zod stays out: the list's sums read worksheet-rules, not the schemas.
            {
              name: 'home-common',
              test: /[\\/]src[\\/](client[\\/](lib[\\/](account|errors|format|lazy|problem|rest|trpc|use-zod-form|window-list)|components[\\/](breadcrumbs|footer)|offline[\\/](master-data-age|offline-pickers)|features[\\/]worksheet[\\/](draft|field-labels|return-place|ws-api|ws-data|offline[\\/](outbox-state|outbox-names)))|shared[\\/](errors|error-tokens|limits|permissions|unit-sums|worksheet-rules))\.tsx?$/,
              priority: 3,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': proxy,
      '/locales': proxy,
      '/healthz': proxy,
    },
  },
});
