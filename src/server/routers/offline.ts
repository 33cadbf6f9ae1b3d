import { ZOfflinePage, ZOfflinePageInput } from '../../shared/schemas/offline';
import { offlineMasterDataPage } from '../services/master-data/offline';
import { authedProcedure, router } from '../trpc';

/**
 * What the app keeps on the device to work offline (issue 14, decision 0150). Read-only, for any
 * logged-in user: the same active records the entry form's …/search calls offer, in pages.
 */
export const offlineRouter = router({
  masterData: authedProcedure
    .meta({ summary: 'A page of the entry form master data of one kind (offline copy)', tags: ['offline'] })
    .input(ZOfflinePageInput)
    .output(ZOfflinePage)
    .query(({ ctx, input }) => offlineMasterDataPage(ctx.db, ctx.actor.accountId, input)),
});
