import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/routers/app';
import { TRPC_MAX_BATCH } from '../../shared/limits';
import { loadErrorMessages } from './errors';
import { handleUnauthorized, setUnauthorizedHandler } from './rest';

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type AccountInfo = RouterOutputs['user']['info'];

/** React hooks: trpc.area.procedure.useQuery / useMutation. */
export const trpc = createTRPCReact<AppRouter>();

/** A failed call is handed on once the texts of the error codes are here (lib/errors.ts, decision 0286). */
const errorTextsLink: TRPCLink<AppRouter> =
  () =>
  ({ next, op }) =>
    observable((observer) =>
      next(op).subscribe({
        next: (value) => observer.next(value),
        error: (error) => void loadErrorMessages().then(() => observer.error(error)),
        complete: () => observer.complete(),
      }),
    );

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    errorTextsLink,
    httpBatchLink({
      url: '/api/trpc',
      // the server refuses batches of more calls (TRPC_MAX_BATCH, docs/http-limits.md)
      maxItems: TRPC_MAX_BATCH,
      fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }),
    }),
  ],
});

export function isUnauthorized(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { httpStatus?: number } | undefined)?.httpStatus === 401;
}

/** One 401 handler for tRPC and REST calls (lib/rest.ts). */
export { setUnauthorizedHandler };

/** Spec §2: any 401 except from the login call sends the user to /login. */
function handleError(error: unknown, path: string | undefined): void {
  if (path !== 'user.login' && isUnauthorized(error)) handleUnauthorized();
}

/** tRPC query/mutation keys start with the procedure path as an array, e.g. [['user', 'info'], …]. */
function procedurePath(key: readonly unknown[] | undefined): string | undefined {
  const first = key?.[0];
  return Array.isArray(first) ? first.join('.') : undefined;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => handleError(error, procedurePath(query.queryKey)) }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => handleError(error, procedurePath(mutation.options.mutationKey)),
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not get better by asking again.
      retry: (count, error) => {
        const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
        return (status === undefined || status >= 500) && count < 2;
      },
    },
  },
});

/** Imperative helpers (ensureData, invalidate, …) for route loaders outside React. */
export const trpcUtils = createTRPCQueryUtils<AppRouter>({ client: trpcClient, queryClient });
export type TrpcUtils = typeof trpcUtils;
