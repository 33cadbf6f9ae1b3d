import type { FormValues } from './worksheet-form-state';

/*
 * Issue 10 §6, nothing typed is lost: the entry form keeps a draft in sessionStorage, keyed by the
 * user and by the form (a new entry, or the record being edited), saved as the user types and
 * before every submit, cleared on a successful save, Reset or Cancel. After the session ends (a 401
 * sends the tab to /login, or the idle logout reloads it) the same user logging in again in this
 * tab is taken back to the form and finds the draft; another user never sees it (a login clears
 * every other user's drafts). Photos cannot be kept in sessionStorage: the draft only counts
 * them, and the form asks for them again.
 */

const PREFIX = 'webtid:ws-draft:';
const VERSION = 1;

export interface WorksheetDraft {
  v: typeof VERSION;
  /** The user's name as the server spells it (user info). */
  username: string;
  /** The record being edited; absent for a new entry. */
  recordId?: number | undefined;
  /** The record's version the draft was typed against (an edit draft of a changed record is dropped). */
  version?: number | undefined;
  /** Where the form was (path and query), to return to after the login. */
  path: string;
  values: FormValues;
  /** Edit: the stored photos kept. */
  keptIds?: number[] | undefined;
  /** New photos chosen: they are not kept, only counted. */
  files: number;
  savedAt: number;
}

/** The part of the Storage interface drafts use (sessionStorage; a map in the unit tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const userPart = (username: string) => encodeURIComponent(username.toLowerCase());

/** One key per user and form: `webtid:ws-draft:<user>:new` or `…:<record id>`. */
export const draftKey = (username: string, recordId?: number) => `${PREFIX}${userPart(username)}:${recordId ?? 'new'}`;

/** sessionStorage, or null where it is refused (private mode, no DOM). */
export function sessionDrafts(): DraftStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function saveDraft(storage: DraftStorage | null, draft: WorksheetDraft): void {
  try {
    storage?.setItem(draftKey(draft.username, draft.recordId), JSON.stringify(draft));
  } catch {
    // quota or refused: the form works on without a draft
  }
}

function parse(raw: string | null): WorksheetDraft | null {
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Partial<WorksheetDraft>;
    return d && d.v === VERSION && typeof d.username === 'string' && typeof d.path === 'string' && d.values && typeof d.values === 'object' ? (d as WorksheetDraft) : null;
  } catch {
    return null;
  }
}

/**
 * The user's draft of this form, if any. An edit draft typed against another version of the record
 * is dropped: the record changed meanwhile, and Update would be refused anyway.
 */
export function loadDraft(storage: DraftStorage | null, username: string, recordId?: number, version?: number): WorksheetDraft | null {
  if (!storage) return null;
  const key = draftKey(username, recordId);
  let draft: WorksheetDraft | null;
  try {
    draft = parse(storage.getItem(key));
  } catch {
    return null;
  }
  if (!draft || draft.username.toLowerCase() !== username.toLowerCase()) return null;
  if (recordId !== undefined && draft.version !== version) {
    clearDraft(storage, username, recordId);
    return null;
  }
  return draft;
}

export function clearDraft(storage: DraftStorage | null, username: string, recordId?: number): void {
  try {
    storage?.removeItem(draftKey(username, recordId));
  } catch {
    // nothing to clear
  }
}

function draftKeys(storage: DraftStorage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  return keys;
}

/** At login: every other user's drafts go, so they are never shown to, or readable by, this user. */
export function clearOtherUsersDrafts(storage: DraftStorage | null, username: string): void {
  if (!storage) return;
  try {
    const own = `${PREFIX}${userPart(username)}:`;
    for (const key of draftKeys(storage)) if (!key.startsWith(own)) storage.removeItem(key);
  } catch {
    // storage refused
  }
}

/** Only the entry form's own routes are returned to. */
const FORM_PATH = /^\/(?:worksheet\/add|worksheet\/edit\/\d+)?(?:\?[^#]*)?$/;

/** Where the user's newest draft was typed, to return to after a login; null without one. */
export function draftReturnPath(storage: DraftStorage | null, username: string): string | null {
  if (!storage) return null;
  try {
    const own = `${PREFIX}${userPart(username)}:`;
    const drafts = draftKeys(storage)
      .filter((k) => k.startsWith(own))
      .map((k) => parse(storage.getItem(k)))
      .filter((d): d is WorksheetDraft => d !== null && FORM_PATH.test(d.path))
      .sort((a, b) => b.savedAt - a.savedAt);
    return drafts[0]?.path ?? null;
  } catch {
    return null;
  }
}

/** At an explicit logout (issue 21 §1): every draft goes — the next person on this phone is someone else. */
export function clearAllDrafts(storage: DraftStorage | null): void {
  if (!storage) return;
  try {
    for (const key of draftKeys(storage)) storage.removeItem(key);
  } catch {
    // storage refused
  }
}
