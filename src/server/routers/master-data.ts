import { router } from '../trpc';

// Master data routers (spec §7). Each may live in its own file; this module only gathers them.
export const itemRouter = router({});
export const resourceRouter = router({});
export const unitRouter = router({});
export const locationRouter = router({});
export const workTypeRouter = router({});
export const customerRouter = router({});
export const jobRouter = router({});
export const jobTaskRouter = router({});
