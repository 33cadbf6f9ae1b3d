import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { m } from '../../shared/paraglide/messages.js';
import { errorMessage } from '../lib/errors';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/** Shown when a route fails to load (server down, unexpected error). */
export function ErrorPage({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <div className="error-page">
      <PageHeader title={m.error_title()} />
      <EmptyState
        title={errorMessage(error)}
        action={
          <Button variant="primary" onClick={() => void router.invalidate()}>
            {m.action_retry()}
          </Button>
        }
      />
    </div>
  );
}
