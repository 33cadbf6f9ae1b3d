import { createRouter } from '@tanstack/react-router';
import { ErrorPage } from './components/error-page';
import { PageSpinner } from './components/spinner';
import { installChunkErrorHandling } from './lib/chunk-errors';
import { parseSearch, stringifySearch } from './lib/search';
import { idleLogoutUnderway } from './lib/idle';
import { setLoginReason } from './lib/login-reason';
import { queryClient, setUnauthorizedHandler, trpcUtils } from './lib/trpc';
import { forgetIdentity } from './offline/identity';
import { fetchFirstCalls } from './lib/first-calls';
import { routeTree } from './routeTree.gen';

// A route chunk that cannot be loaded shows the app's error page, not the browser's (issue 10 §7).
installChunkErrorHandling();

export const router = createRouter({
  routeTree,
  context: { queryClient, trpcUtils },
  parseSearch,
  stringifySearch,
  defaultPreload: 'intent',
  // Data caching is TanStack Query's job; the router should always ask it.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: () => <PageSpinner />,
  defaultPendingMs: 300,
  defaultErrorComponent: ErrorPage,
  scrollRestoration: true,
});

// Issue 25 §4: the first page's route chunks are asked for at once, beside the account info,
// not after it (the router loads them only once the layout's beforeLoad has its answer: one more
// round trip before the page can render on a phone); so are the plain home page's first calls.
// In a task of their own, after the evaluation of the app's modules (one long task already).
// A failure is the router's to show later.
if (typeof window !== 'undefined') {
  setTimeout(() => {
    const [branch] = router.getMatchedRoutes(window.location.pathname);
    for (const route of branch) void router.loadRouteChunk(route)?.catch(() => undefined);
    fetchFirstCalls(window.location);
  }, 0);
}

setUnauthorizedHandler(() => {
  if (router.state.location.pathname === '/login') return;
  // The idle logout shows its warning and reloads to /login by itself 3 s later (lib/idle.ts).
  if (idleLogoutUnderway()) return;
  // Only a user who was logged in here is told that the session ended (not a first visit), and
  // the idle logout keeps its own reason.
  if (trpcUtils.user.info.getData()) setLoginReason('expired', { unlessSet: true });
  queryClient.clear();
  // The server ended the session: the app no longer opens offline as this user (decision 0150).
  forgetIdentity();
  void router.navigate({ to: '/login' });
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
