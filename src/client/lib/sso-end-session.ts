/*
 * Issue 41 §5: a logout ends the local session; when the user came in through a provider that has
 * an end-session URL, the login page offers it once (kept in sessionStorage across the reload).
 */
const KEY = 'webtid.sso-end-session';

export function keepSsoEndSession(url: string | undefined): void {
  try {
    if (url && /^https?:\/\//.test(url)) sessionStorage.setItem(KEY, url);
  } catch {
    // storage refused: nothing offered
  }
}

export function takeSsoEndSession(): string | null {
  try {
    const url = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return url;
  } catch {
    return null;
  }
}
