import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * After a client-side navigation to another path, focus moves to the new page's main heading (or
 * its main landmark), as a full page load would put a screen reader at the top of the new page
 * (issue 10 §11) — not on <body>, and not on the link that was clicked. Only when the page did not
 * focus something itself (an autofocused first field keeps its focus). A search-only change (a tab,
 * a filter) keeps focus where it is. The first load is left alone.
 */
export function useRouteFocus(): void {
  const router = useRouter();
  useEffect(() => {
    let before: Element | null = null;
    const offBefore = router.subscribe('onBeforeNavigate', () => {
      before = document.activeElement;
    });
    const offRendered = router.subscribe('onRendered', (e) => {
      if (!e.fromLocation || !e.pathChanged) return;
      const focused = document.activeElement;
      // The new page focused a field of its own: keep it.
      if (focused && focused !== document.body && focused !== before && focused.isConnected) return;
      const main = document.querySelector<HTMLElement>('main');
      const target = main?.querySelector<HTMLElement>('h1') ?? main;
      if (!target) return;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    });
    return () => {
      offBefore();
      offRendered();
    };
  }, [router]);
}
