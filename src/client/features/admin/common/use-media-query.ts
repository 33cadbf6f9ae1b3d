import { useSyncExternalStore } from 'react';

/** True while the media query matches; re-renders when it changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Spec §9: tables from the tablet breakpoint (640 px) up, cards below. */
export const TABLET_QUERY = '(min-width: 640px)';
