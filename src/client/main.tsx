import { initialLocaleReady } from './lib/i18n'; // installs the locale strategy before any message is read
import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startRecovery } from './lib/recovery';
import { queryClient, trpc, trpcClient } from './lib/trpc';
import { registerServiceWorker } from './offline/register-sw';
import { router } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// A Danish browser waits for /locales/da.json behind index.html's spinner rather than flash English.
// The first render is a transition (issue 25 §4): React renders it in slices of ~5 ms and lets the
// browser handle input and paint between them, instead of one long task on a slow phone.
void initialLocaleReady.then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </trpc.Provider>
      </StrictMode>,
    ),
  ),
);

registerServiceWorker();
startRecovery(queryClient);
