import { useSyncExternalStore } from 'react';

/*
 * Whether the browser believes it has a network (navigator.onLine and the online/offline events).
 * `true` does not promise that the server answers: callers still treat a failed fetch as offline.
 */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export const isOnline = (): boolean => (typeof navigator === 'undefined' ? true : navigator.onLine);

/** Re-renders when the browser goes on- or offline. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
