import { useSyncExternalStore } from 'react';
import type { AccountInfo } from '../lib/trpc';
import { userKeyOf } from './offline-search';

/*
 * The last logged-in user's account info on this device (issue 14 §1, decision 0150): what the
 * app shows when it opens offline and the session check (user.info) cannot reach the server. One
 * user at a time: a different user's login replaces it (and clears the first user's master data),
 * logout and a 401 from the server forget it.
 */
const STORAGE_KEY = 'webtid.offline.identity';

interface Stored {
  user: string;
  info: AccountInfo;
}

const listeners = new Set<() => void>();
let current: string | null | undefined;
/** The account info this page last wrote to storage. */
let remembered: AccountInfo | null = null;

function read(): Stored | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Stored>;
    return typeof parsed.user === 'string' && parsed.info ? (parsed as Stored) : null;
  } catch {
    return null;
  }
}

function changed(user: string | null): void {
  current = user;
  for (const listener of listeners) listener();
}

/** The key (account + user) of the last logged-in user, or null. */
export function currentUserKey(): string | null {
  if (current === undefined) current = read()?.user ?? null;
  return current;
}

/** Keeps the account info of the user the server just confirmed; answers the user it replaces (null when none or the same). */
export function rememberIdentity(info: AccountInfo): { user: string; replaced: string | null; again: boolean } {
  const user = userKeyOf(info);
  // Every navigation in the app confirms the session with the cached answer: the same object as
  // last time means nothing to write (a JSON parse, a stringify and a storage write per click).
  if (info === remembered && current === user) return { user, replaced: null, again: true };
  remembered = info;
  const before = read()?.user ?? null;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ user, info } satisfies Stored));
  } catch {
    // Storage full or denied: the app still works online; offline it will ask for a login.
  }
  if (current !== user) changed(user);
  return { user, replaced: before !== null && before !== user ? before : null, again: false };
}

/** The last logged-in user's account info, for opening the app offline. */
export function lastIdentity(): AccountInfo | null {
  return read()?.info ?? null;
}

export function forgetIdentity(): void {
  remembered = null;
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing kept
  }
  changed(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current user's key, following logins and logouts. */
export function useUserKey(): string | null {
  return useSyncExternalStore(subscribe, currentUserKey, () => null);
}
