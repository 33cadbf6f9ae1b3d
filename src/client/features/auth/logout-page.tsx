import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import { PageSpinner } from '../../components/spinner';
import { toast } from '../../lib/toast';
import { clearOfflineData } from '../../offline/clear';
import { finishPendingLogout, markLogoutPending } from '../../lib/logout-pending';
import { setOutboxSession } from '../worksheet/offline/outbox-state';
import { clearAllDrafts, sessionDrafts } from '../worksheet/draft';

/**
 * Spec §2: "Logging out...", end the session, forget everything cached, go to / (→ /login).
 * Issue 21 §1 (decision 0199): first, synchronously, the device stops counting the session (the
 * logout-pending marker) and every draft goes; then the server ends the session — offline, at the
 * next connection.
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development.
    started.current = true;
    markLogoutPending();
    clearAllDrafts(sessionDrafts());
    // The outbox stops sending for this user; their queued entries stay on the device (decision 0155).
    void setOutboxSession({ owner: null });
    // Even if the call fails (already logged out, offline) the user wants out: carry on.
    void finishPendingLogout()
      .then(() => clearOfflineData())
      .then(() => {
        queryClient.clear();
        toast.info(m.logout_done());
        return navigate({ to: '/', replace: true });
      });
  }, [navigate, queryClient]);

  return (
    <div className="card auth-card">
      <PageSpinner label={m.logout_in_progress()} />
    </div>
  );
}
