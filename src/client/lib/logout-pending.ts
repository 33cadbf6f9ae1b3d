import { keepSsoEndSession } from './sso-end-session';
import { trpcClient } from './trpc';

/*
 * A logout the server has not confirmed yet (issue 21 §1, decision 0199). The session cookie is
 * HttpOnly, so a logout made offline cannot remove it from the device. Instead the logout leaves
 * this marker, and while it is there the cookie counts for nothing on this device: the app opens
 * on the login page (online and offline), and at the next connection the server is told to end the
 * session — which also removes the cookie. A successful login replaces the cookie and the marker.
 */
const KEY = 'webtid.logout-pending';

export function markLogoutPending(): void {
  try {
    localStorage.setItem(KEY, new Date().toISOString());
  } catch {
    // storage refused: the logout call below is then the only way out (online it is enough)
  }
}

export function logoutPending(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

export function clearLogoutPending(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

let running: Promise<boolean> | null = null;

/**
 * Ends the server session of a pending logout; true once the server confirmed (the marker is then
 * gone), false while it cannot be reached. Never throws.
 */
export function finishPendingLogout(): Promise<boolean> {
  if (!logoutPending()) return Promise.resolve(true);
  running ??= trpcClient.user.logout
    .mutate()
    .then(
      (answer) => {
        keepSsoEndSession(answer.endSessionUrl);
        clearLogoutPending();
        return true;
      },
      () => false,
    )
    .finally(() => (running = null));
  return running;
}

// Back online: finish a logout made offline at once, not only when the app is next opened.
if (typeof window !== 'undefined') window.addEventListener('online', () => void finishPendingLogout());
