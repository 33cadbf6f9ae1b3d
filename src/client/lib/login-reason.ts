/**
 * Why the user is on /login (issue 10 §6): a session that ended (a 401 elsewhere in the app) or
 * the idle logout. Kept in sessionStorage across the redirect or reload, read once by the login
 * page until the user logs in or leaves it, so a plain visit to /login says nothing.
 */
export type LoginReason = 'expired' | 'idle';

const KEY = 'webtid:login-reason';

export function setLoginReason(reason: LoginReason, opts: { unlessSet?: boolean } = {}): void {
  try {
    if (opts.unlessSet && sessionStorage.getItem(KEY)) return;
    sessionStorage.setItem(KEY, reason);
  } catch {
    // storage refused (private mode, quota): the login page then just says nothing
  }
}

/** The reason, if any; it stays until clearLoginReason (the idle logout reloads /login once more). */
export function readLoginReason(): LoginReason | null {
  try {
    const value = sessionStorage.getItem(KEY);
    return value === 'expired' || value === 'idle' ? value : null;
  } catch {
    return null;
  }
}

/** After a login, or when the user leaves the login page. */
export function clearLoginReason(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
