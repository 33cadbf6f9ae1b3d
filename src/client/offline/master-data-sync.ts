import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useEffect } from 'react';
import { m } from '../../shared/paraglide/messages.js';
import { toast } from '../lib/toast';
import { queryClient, trpcClient } from '../lib/trpc';
import { currentUserKey, useUserKey } from './identity';
import { KINDS, loadCopy, removeOtherUsers, savedAt, saveCopy, type Kind, type MasterData, type MasterDataCopy } from './master-data-store';
import { isOnline } from './online';
import { isQuotaError, refreshDue } from './offline-search';

/*
 * Keeps the offline copy of the form's master data fresh (issue 14 §2, decision 0150): while the
 * app is open and online, on start (unless the copy is under a minute old), after a login, when
 * the connection returns and every 15 minutes. The pickers read it when offline.
 */

/** Query keys of everything read from the copy: refreshed together after a save. */
const COPY_KEY = 'offline-master-data';

/** A call that got no answer from the server (no network, server down), as opposed to a refusal. */
export function isUnreachable(error: unknown): boolean {
  if (!error) return false;
  if (error instanceof TRPCClientError) return (error.data as { httpStatus?: number } | undefined)?.httpStatus === undefined;
  return error instanceof TypeError;
}

async function allPages<K extends Kind>(kind: K): Promise<MasterData[K]> {
  const rows: unknown[] = [];
  let after: string[] | undefined;
  for (;;) {
    const page = await trpcClient.offline.masterData.query({ kind, ...(after ? { after } : {}) });
    rows.push(...page.rows);
    if (!page.next) return rows as MasterData[K];
    after = page.next;
  }
}

let running: Promise<void> | null = null;
let quotaReported = false;
let persistAsked = false;

/** Fetches the whole copy for `user` and saves it; one refresh at a time. */
export function refreshCopy(user: string): Promise<void> {
  running ??= (async () => {
    try {
      const [formSettings, ...lists] = await Promise.all([trpcClient.worksheet.formSettings.query(), ...KINDS.map((kind) => allPages(kind))]);
      // Logged out or another user meanwhile: this copy is not theirs.
      if (currentUserKey() !== user) return;
      const data = Object.fromEntries(KINDS.map((kind, i) => [kind, lists[i]])) as MasterData;
      await saveCopy({ user, savedAt: Date.now(), formSettings, data } satisfies MasterDataCopy);
      await queryClient.invalidateQueries({ queryKey: [COPY_KEY] });
      askPersistentStorage();
    } catch (error) {
      if (isQuotaError(error) && !quotaReported) {
        quotaReported = true;
        toast.error(m.offline_quota());
      }
      // Otherwise (offline, server down, 401): the old copy stays; the next tick tries again.
    } finally {
      running = null;
    }
  })();
  return running;
}

/** Spec issue 14 §6: ask once per start for storage the browser does not evict under pressure. */
function askPersistentStorage(): void {
  if (persistAsked) return;
  persistAsked = true;
  void navigator.storage?.persist?.().catch(() => false);
}

/** After the server confirmed a user: a different user's copy on this device goes at once. */
export function userConfirmed(user: string, replaced: string | null): void {
  if (replaced !== null) void queryClient.invalidateQueries({ queryKey: [COPY_KEY] });
  void removeOtherUsers(user);
}

/** Runs the refreshes while the authenticated layout is shown. */
export function useMasterDataRefresh(): void {
  const user = useUserKey();
  useEffect(() => {
    if (!user) return;
    let first = true;
    let stopped = false;
    const tick = async () => {
      if (!isOnline() || stopped) return;
      const at = await savedAt(user);
      if (!refreshDue(at, Date.now(), first)) return;
      first = false;
      await refreshCopy(user);
    };
    void tick();
    const timer = window.setInterval(() => void tick(), 60_000);
    const onOnline = () => void tick();
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [user]);
}

/**
 * A value read from the current user's copy (null when none is saved). No network: runs offline.
 * `args` are what `pick` depends on (the query key).
 */
export function useCopyQuery<T>(name: string, args: readonly unknown[], enabled: boolean, pick: (copy: MasterDataCopy) => T) {
  const user = useUserKey();
  return useQuery({
    queryKey: [COPY_KEY, user, name, ...args],
    queryFn: async () => {
      const copy = user ? await loadCopy(user) : null;
      return copy ? pick(copy) : null;
    },
    enabled: enabled && user !== null,
    networkMode: 'always',
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** When the current user's copy was saved (ms), null when there is none. */
export function useCopySavedAt(enabled: boolean) {
  const user = useUserKey();
  return useQuery({
    queryKey: [COPY_KEY, user, 'savedAt'],
    queryFn: () => (user ? savedAt(user) : null),
    enabled: enabled && user !== null,
    networkMode: 'always',
    staleTime: Infinity,
    retry: false,
  });
}
