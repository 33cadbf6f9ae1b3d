import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

// The API server (npm run dev) listens here; the Vite dev server proxies API calls to it.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';
// The server refuses cookie-carrying writes from another origin (CSRF guard), so the proxied
// requests present themselves as coming from the API server's own origin.
const proxy = { target: apiTarget, changeOrigin: true, headers: { origin: apiTarget } };

export default defineConfig({
  plugins: [
    // Must come before react(): it generates the route tree and splits route components.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/routeTree.gen.ts',
    }),
    react(),
  ],
  css: {
    // Lightning CSS resolves the @custom-media breakpoints declared once in styles.css.
    transformer: 'lightningcss',
    lightningcss: { drafts: { customMedia: true } },
  },
  build: {
    outDir: 'dist',
    cssMinify: 'lightningcss',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Paraglide makes one module per message; a message used by several route chunks
          // would otherwise become a 200-byte chunk of its own. Shared ones travel together.
          groups: [{ name: 'messages', test: /[\\/]paraglide[\\/]messages[\\/]/, minShareCount: 2 }],
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
