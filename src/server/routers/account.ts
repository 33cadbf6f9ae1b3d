import { router } from '../trpc';

/** Account settings and API key (spec §7 /api/account...). */
export const accountRouter = router({});
