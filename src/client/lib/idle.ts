import { useEffect } from 'react';
import { IDLE_RELOAD_MS, IDLE_TIMEOUT_MS } from '../../shared/limits';
import { m } from '../../shared/paraglide/messages.js';
import { toast } from '../components/toast';
import { trpcClient } from './trpc';

const ACTIVITY_EVENTS = ['mousemove', 'pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Spec §1: after 10 minutes without mouse movement or key presses the session is ended on the
 * server, a warning without time-out is shown, and the page reloads 3 s later (which lands on
 * /login). Activity only stamps a time; one timer checks the stamp when it is due, so moving
 * the mouse costs next to nothing.
 */
export function useIdleLogout(): void {
  useEffect(() => {
    let lastActivity = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    let loggedOut = false;

    const markActive = () => {
      lastActivity = Date.now();
    };

    const check = () => {
      const idleFor = Date.now() - lastActivity;
      if (idleFor < IDLE_TIMEOUT_MS) {
        timer = setTimeout(check, IDLE_TIMEOUT_MS - idleFor);
        return;
      }
      loggedOut = true;
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, markActive);
      // The reload happens whether or not the server answered; the session is gone either way.
      trpcClient.user.logout.mutate().catch(() => {});
      toast.warning(m.idle_logged_out());
      setTimeout(() => window.location.reload(), IDLE_RELOAD_MS);
    };

    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, markActive, { passive: true });
    timer = setTimeout(check, IDLE_TIMEOUT_MS);
    return () => {
      if (loggedOut) return;
      clearTimeout(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, markActive);
    };
  }, []);
}
