import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useState } from 'react';
import { m } from '../../shared/paraglide/messages.js';
import { isChunkLoadError, serverReachable } from '../lib/chunk-errors';
import { errorMessage, isNetworkError } from '../lib/errors';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/**
 * Shown when a route fails to load (server down, a route chunk that could not be fetched, an
 * unexpected error), never the browser's own error page. Retry loads the route again; a failed
 * chunk needs the page itself reloaded, which is done only once the server answers again.
 */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  async function retry() {
    setBusy(true);
    try {
      if (isChunkLoadError(error)) {
        if (await serverReachable()) {
          window.location.reload();
          return;
        }
        setAttempt((n) => n + 1);
        return;
      }
      if (isNetworkError(error) && !(await serverReachable())) {
        setAttempt((n) => n + 1);
        return;
      }
      reset();
      await router.invalidate();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="error-page" data-testid="error-page">
      <PageHeader title={m.error_title()} />
      <EmptyState
        title={errorMessage(error)}
        text={
          attempt > 0 ? (
            <span role="status" key={attempt}>
              {m.error_network()}
            </span>
          ) : undefined
        }
        action={
          <Button variant="primary" onClick={() => void retry()} disabled={busy}>
            {m.action_retry()}
          </Button>
        }
      />
    </div>
  );
}
