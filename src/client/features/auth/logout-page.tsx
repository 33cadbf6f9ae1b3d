import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import { PageSpinner } from '../../components/spinner';
import { toast } from '../../components/toast';
import { trpcClient } from '../../lib/trpc';
import { clearOfflineData } from '../../offline/clear';
import { setOutboxOwner } from '../../offline/outbox';

/** Spec §2: "Logging out...", end the session, forget everything cached, go to / (→ /login). */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development.
    started.current = true;
    // The outbox stops sending for this user; their queued entries stay on the device (decision 0155).
    void setOutboxOwner(null);
    // Even if the call fails (already logged out, offline) the user wants out: carry on.
    void trpcClient.user.logout
      .mutate()
      .catch(() => undefined)
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
