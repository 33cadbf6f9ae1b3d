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
