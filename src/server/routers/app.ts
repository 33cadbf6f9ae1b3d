import { router } from '../trpc';
import { authProcedures } from './auth';

/**
 * The whole API. Each area contributes its procedures; the REST adapter serves those with
 * `meta.rest` at the spec's paths.
 */
export const appRouter = router({
  user: router({ ...authProcedures }),
});

export type AppRouter = typeof appRouter;
